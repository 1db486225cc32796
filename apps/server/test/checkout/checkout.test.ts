import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPaymentRepository } from '../../src/modules/payments/local-payment.repository.ts';
import { signPayload } from '../../src/modules/payments/webhook-signature.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { CONSENT, payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { keyCounts } from '../helpers/order-state.ts';
import { linkIn, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, LOCAL_WEBHOOK_SECRET, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

describe(`checkout, payment and key delivery (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox());
  });

  afterAll(async () => ctx?.close());

  const shopper = () =>
    loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db, { countryId: 68, lang: 'es' }));
  const addToCart = async (
    client: Awaited<ReturnType<typeof shopper>>['client'],
    productId: string,
    times = 1,
  ) => {
    for (let i = 0; i < times; i++) {
      const r = await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: productId });
      expect(r.statusCode).toBe(200);
    }
  };

  it('refuses checkout without consent and creates nothing', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    const { client, customer } = await shopper();
    await addToCart(client, game.productId);
    const response = await client.post('/api/create-checkout-session', { items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'CONSENT_REQUIRED' });
    const blank = await client.post('/api/create-checkout-session', {
      consent: { text: ' ', timestamp: 'x' },
    });
    expect(blank.statusCode).toBe(400);
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 3 });
    const orders = await queryRows(
      ctx.dbHandle,
      sql`select status from orders where customer_id = ${customer.id}`,
    );
    expect(orders).toEqual([{ status: 'draft' }]);
  });

  it('refuses an empty cart', async () => {
    const { client } = await shopper();
    const response = await client.post('/api/create-checkout-session', { consent: CONSENT });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'CART_EMPTY' });
  });

  it('reserves keys, takes the payment, delivers keys once by page and e-mail, and lists them in history', async () => {
    const a = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Harbor Lights', priceCents: 1999 },
      { keys: 4 },
    );
    const b = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Moss Garden', priceCents: 500, platform: 'Xbox One' },
      { keys: 2 },
    );
    const { client, customer } = await shopper();
    await addToCart(client, a.game.productId, 2);
    await addToCart(client, b.game.productId, 1);

    const started = await startCheckout(client);
    expect(started.status).toBe(200);
    expect(String(started.body.url)).toMatch(/^http:\/\/store\.test\/pay\/local\/cs_local_/);
    expect(await keyCounts(ctx, a.game.id)).toEqual({ available: 2, reserved: 2 });
    const [order] = await queryRows<{
      id: number;
      status: string;
      amount_total_cents: number;
      amount_tax_cents: number;
    }>(
      ctx.dbHandle,
      sql`select id, status, amount_total_cents, amount_tax_cents from orders where payment_session_id = ${started.sessionId}`,
    );
    expect(order).toMatchObject({ status: 'pending_payment', amount_total_cents: 2 * 1999 + 500 });
    const [consent] = await queryRows<{ text: string; client_timestamp: string; terms_version: string }>(
      ctx.dbHandle,
      sql`select text, client_timestamp, terms_version from order_consents where order_id = ${order?.id}`,
    );
    expect(consent).toMatchObject({ text: CONSENT.text, client_timestamp: CONSENT.timestamp });

    const page = await ctx.app.inject({ method: 'GET', url: started.path ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Harbor Lights');

    const paid = await payOnHostedPage(ctx.app, started.sessionId ?? '');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://store.test/checkout/success?session_id=${started.sessionId}`);
    expect(await keyCounts(ctx, a.game.id)).toEqual({ available: 2, sold: 2 });

    const first = await client.post('/api/kl_api/createOrder', { sessionId: started.sessionId });
    expect(first.statusCode).toBe(200);
    const delivered = first.json() as { success: boolean; data: { title: string; code: string }[] };
    expect(delivered.success).toBe(true);
    expect(delivered.data).toHaveLength(3);
    expect(new Set(delivered.data.map((k) => k.code)).size).toBe(3);
    for (const key of delivered.data.filter((k) => k.title === 'Harbor Lights'))
      expect(a.codes).toContain(key.code);
    const second = await client.post('/api/kl_api/createOrder', { sessionId: started.sessionId });
    expect((second.json() as { data: unknown }).data).toEqual(delivered.data);

    const mail = await inbox.waitFor(
      (m) => m.to.includes(customer.email) && m.decoded.includes('Harbor Lights'),
    );
    for (const key of delivered.data) expect(mail.decoded).toContain(key.code);
    expect(mail.decoded).toContain(CONSENT.text);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(() => linkIn(mail, '/History')).toThrow(); // no token links, just the history URL
    expect(mail.decoded).toContain('http://store.test/History');
    const stored = await queryRows<{ html: string }>(
      ctx.dbHandle,
      sql`select html from mail_outbox where kind = 'order_keys'`,
    );
    for (const row of stored) for (const key of delivered.data) expect(row.html).not.toContain(key.code);

    const cart = (await client.post('/api/kl_api/get_order_cart_items', {})).json() as { items: unknown[] };
    expect(cart.items).toEqual([]);

    const history = (await client.post('/api/kl_api/get_completed_orders', {})).json() as {
      id: number;
      items: { title: string; wcs_activation_key: string; price: number }[];
      total: number;
    }[];
    expect(history).toHaveLength(1);
    expect(history[0]?.total).toBe(44.98);
    expect(history[0]?.items.map((i) => i.wcs_activation_key).sort()).toEqual(
      delivered.data.map((k) => k.code).sort(),
    );
  });

  it('a declined card sells nothing and leaves the cart; leaving the page releases the keys', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 2 });
    const { client } = await shopper();
    await addToCart(client, game.productId, 2);
    const started = await startCheckout(client);
    const declined = await payOnHostedPage(ctx.app, started.sessionId ?? '', '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('declined');
    expect(await keyCounts(ctx, game.id)).toEqual({ reserved: 2 });
    const cart = (await client.post('/api/kl_api/get_order_cart_items', {})).json() as {
      items: { quantity: number }[];
    };
    expect(cart.items[0]?.quantity).toBe(2);
    const notPaid = await client.post('/api/kl_api/createOrder', { sessionId: started.sessionId });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ success: false, error: 'PAYMENT_NOT_COMPLETED' });

    expect((await client.post('/api/kl_api/cancel_checkout')).statusCode).toBe(200);
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
    const closed = await payOnHostedPage(ctx.app, started.sessionId ?? '');
    expect(closed.statusCode).toBe(409);
  });

  it('answers which line is short when stock ran out between cart and checkout, and charges nothing', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Rare Comet' }, { keys: 1 });
    const first = await shopper();
    const second = await shopper();
    await addToCart(first.client, game.productId);
    await addToCart(second.client, game.productId);
    expect((await startCheckout(first.client)).status).toBe(200);
    const short = await startCheckout(second.client);
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ error: 'OUT_OF_STOCK' });
    expect(String(short.body.message)).toContain('Rare Comet');
    const sessions = await queryRows(
      ctx.dbHandle,
      sql`select id from local_payment_sessions where order_id in (select id from orders where customer_id = ${second.customer.id})`,
    );
    expect(sessions).toEqual([]);
  });

  it('never shows another customer’s session or order', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 1 });
    const owner = await shopper();
    const stranger = await shopper();
    await addToCart(owner.client, game.productId);
    const started = await startCheckout(owner.client);
    await payOnHostedPage(ctx.app, started.sessionId ?? '');
    const peek = await stranger.client.post('/api/kl_api/createOrder', { sessionId: started.sessionId });
    expect(peek.statusCode).toBe(404);
    expect(JSON.stringify(peek.json())).not.toMatch(/[A-Z0-9]{5}-[A-Z0-9]{5}/);
    const orderId = Number(started.body.order_id);
    expect((await stranger.client.post('/api/kl_api/delete_order', { orderId })).statusCode).toBe(404);
    expect((await stranger.client.post('/api/kl_api/createOrder', { sessionId: '' })).statusCode).toBe(400);
    expect((await owner.client.post('/api/kl_api/delete_order', { orderId })).statusCode).toBe(200);
    expect((await owner.client.post('/api/kl_api/get_completed_orders', {})).json()).toEqual([]);
    const [kept] = await queryRows(
      ctx.dbHandle,
      sql`select status, hidden_by_customer from orders where id = ${orderId}`,
    );
    expect(kept).toEqual({ status: 'paid', hidden_by_customer: true });
  });

  describe('webhook', () => {
    const post = (body: string, signature?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/local',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload: body,
      });

    async function pendingSession() {
      const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 2 });
      const { client } = await shopper();
      await addToCart(client, game.productId);
      const started = await startCheckout(client);
      return { client, game, sessionId: started.sessionId ?? '', orderId: Number(started.body.order_id) };
    }

    function completedEvent(id: string, sessionId: string, orderId: number, amount: number) {
      return JSON.stringify({
        id,
        type: 'checkout.session.completed',
        data: {
          object: {
            sessionId,
            orderId,
            status: 'complete',
            paymentStatus: 'paid',
            amountTotalCents: amount,
            currency: 'eur',
          },
        },
      });
    }

    it('rejects a missing or bad signature and changes nothing', async () => {
      const { game, sessionId, orderId } = await pendingSession();
      const body = completedEvent('evt_bad', sessionId, orderId, 1999);
      expect((await post(body)).statusCode).toBe(400);
      expect((await post(body, signPayload(body, 'another-secret-entirely-000000'))).statusCode).toBe(400);
      expect(
        (await post(body, signPayload(body, LOCAL_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)))
          .statusCode,
      ).toBe(400);
      expect((await post(`${body} `, signPayload(body, LOCAL_WEBHOOK_SECRET))).statusCode).toBe(400);
      expect(await keyCounts(ctx, game.id)).toEqual({ available: 1, reserved: 1 });
      expect(
        (await post('{}', signPayload('{}', LOCAL_WEBHOOK_SECRET).replace('v1=', 'v1=0'))).statusCode,
      ).toBe(400);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/payments/webhook/stripe',
            headers: { 'content-type': 'application/json' },
            payload: body,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('processes each event once; the success page before the webhook yields the same keys', async () => {
      const { client, game, sessionId, orderId } = await pendingSession();
      // The provider takes the payment but its event has not arrived yet.
      await createLocalPaymentRepository(ctx.dbHandle.db).complete(sessionId);
      const page = (await client.post('/api/kl_api/createOrder', { sessionId })).json() as {
        data: { code: string }[];
      };
      expect(page.data).toHaveLength(1);
      const body = completedEvent('evt_once', sessionId, orderId, 1999);
      const first = await post(body, signPayload(body, LOCAL_WEBHOOK_SECRET));
      expect(first.json()).toEqual({ received: true, duplicate: false });
      const again = await post(body, signPayload(body, LOCAL_WEBHOOK_SECRET));
      expect(again.json()).toEqual({ received: true, duplicate: true });
      expect(await keyCounts(ctx, game.id)).toEqual({ available: 1, sold: 1 });
      const later = (await client.post('/api/kl_api/createOrder', { sessionId })).json() as {
        data: { code: string }[];
      };
      expect(later.data).toEqual(page.data);
      const mails = await queryRows(
        ctx.dbHandle,
        sql`select id from mail_outbox where kind = 'order_keys' and to_address = (select email from customers c join orders o on o.customer_id = c.id where o.id = ${orderId})`,
      );
      expect(mails).toHaveLength(1);
    });

    it('an expired session releases the keys, and a late expiry event after payment changes nothing', async () => {
      const { game, sessionId, orderId } = await pendingSession();
      const expired = JSON.stringify({
        id: 'evt_expired',
        type: 'checkout.session.expired',
        data: {
          object: {
            sessionId,
            orderId,
            status: 'expired',
            paymentStatus: 'unpaid',
            amountTotalCents: 1999,
            currency: 'eur',
          },
        },
      });
      expect((await post(expired, signPayload(expired, LOCAL_WEBHOOK_SECRET))).statusCode).toBe(200);
      expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
      const [order] = await queryRows(ctx.dbHandle, sql`select status from orders where id = ${orderId}`);
      expect(order).toEqual({ status: 'expired' });

      const paidLater = await pendingSession();
      await createLocalPaymentRepository(ctx.dbHandle.db).complete(paidLater.sessionId);
      await paidLater.client.post('/api/kl_api/createOrder', { sessionId: paidLater.sessionId });
      const lateExpiry = JSON.stringify({
        id: 'evt_late_expiry',
        type: 'checkout.session.expired',
        data: {
          object: {
            sessionId: paidLater.sessionId,
            orderId: paidLater.orderId,
            status: 'expired',
            paymentStatus: 'unpaid',
            amountTotalCents: 1999,
            currency: 'eur',
          },
        },
      });
      await post(lateExpiry, signPayload(lateExpiry, LOCAL_WEBHOOK_SECRET));
      expect(await keyCounts(ctx, paidLater.game.id)).toEqual({ available: 1, sold: 1 });
    });

    it('the sweeper releases lapsed reservations', async () => {
      const { game, orderId } = await pendingSession();
      await ctx.dbHandle.db.execute(
        sql`update orders set reserved_until = now() - interval '1 minute' where id = ${orderId}`,
      );
      expect(await ctx.app.checkout.sweepLapsed()).toBeGreaterThanOrEqual(1);
      expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
    });
  });
});
