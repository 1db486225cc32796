import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { createStripeProvider } from '../../src/modules/payments/stripe.provider.ts';
import { createWithdrawalService } from '../../src/modules/withdrawal/withdrawal.service.ts';
import { buy, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStripeTestApp, payCartOnStripe } from '../helpers/stripe.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { forgeRows, queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';

/**
 * A paid order whose keys are still awaited: the supplier flow that creates such orders is not part of
 * this test, so the paid order's keys are put back to `reserved` and its status set directly (past the
 * state guards: the store itself never moves a paid order back).
 */
async function makeAwaitingKeys(ctx: TestContext, orderId: number): Promise<void> {
  await forgeRows(
    ctx.dbHandle,
    sql`update game_keys set status = 'reserved', sold_at = null, reserved_until = now() + interval '1 day' where order_id = ${orderId}`,
    sql`update orders set status = 'awaiting_keys' where id = ${orderId}`,
  );
}

const keyStatuses = async (ctx: TestContext, gameId: number) =>
  (
    await queryRows<{ status: string; order_id: number | null }>(
      ctx.dbHandle,
      sql`select status, order_id from game_keys where game_id = ${gameId} order by id`,
    )
  ).map((k) => k.status);

type HistoryOrder = { id: number; status?: string; withdrawable?: boolean; invoice_id?: number | null };

describe(`withdrawal from an undelivered order, local provider (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox());
  });

  afterAll(async () => ctx?.close());

  it('lists the order as awaiting keys with its invoice, then withdraws: refund, keys released, credit note, acknowledgement', async () => {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Preorder Quest', priceCents: 3000 },
      { keys: 2 },
    );
    const shopper = await loginCustomer(ctx, { countryId: 109, fullName: 'Giulia Rossi', lang: 'en' });
    const { orderId, sessionId } = await buy(ctx, shopper.client, [
      { productId: game.productId, quantity: 2 },
    ]);
    await makeAwaitingKeys(ctx, orderId);

    const history = (
      await shopper.client.post('/api/kl_api/get_completed_orders', {})
    ).json() as HistoryOrder[];
    const listed = history.find((o) => o.id === orderId);
    expect(listed).toMatchObject({
      status: 'awaiting_keys',
      withdrawable: true,
      pending_items: [{ title: 'Preorder Quest', quantity: 2 }],
    });
    expect(listed?.invoice_id).toEqual(expect.any(Number));

    const missingConfirm = await shopper.client.post(`/api/orders/${orderId}/withdraw`, {});
    expect(missingConfirm.statusCode).toBe(400);

    const response = await shopper.client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as { refundId: string; withdrawnAt: string; refunded: number };
    expect(result).toMatchObject({ status: 'refunded', refunded: 60, keysReleased: 2, refundPending: false });
    expect(result.refundId).toMatch(/^re_local_/);

    const refunds = await queryRows<{ session_id: string; amount_cents: number; idempotency_key: string }>(
      ctx.dbHandle,
      sql`select session_id, amount_cents, idempotency_key from local_payment_refunds where session_id = ${sessionId}`,
    );
    expect(refunds).toEqual([
      { session_id: sessionId, amount_cents: 6000, idempotency_key: `keyland-refund-${orderId}` },
    ]);
    expect(await keyStatuses(ctx, game.id)).toEqual(['available', 'available']);
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('refunded');
    const notes = await queryRows<{ number: string; total_cents: number; credited_invoice_id: number }>(
      ctx.dbHandle,
      sql`select number, total_cents, credited_invoice_id from invoices where order_id = ${orderId} and kind = 'credit_note'`,
    );
    expect(notes).toEqual([
      { number: expect.stringMatching(/^KLC-/), total_cents: -6000, credited_invoice_id: listed?.invoice_id },
    ]);

    // Acknowledgement on a durable medium with the date and time, the credit note attached.
    const mail = await inbox.waitFor(
      (m) => m.to.includes(shopper.customer.email) && /withdrawal/i.test(m.subject),
    );
    const at = new Date(result.withdrawnAt);
    const printed = new Intl.DateTimeFormat('en', {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'UTC',
    }).format(at);
    expect(mail.decoded.replace(/\s+/g, ' ')).toContain(printed.replace(/\s+/g, ' '));
    expect(mail.raw).toContain(`${notes[0]?.number}.pdf`);

    // Repeating answers the same withdrawal and refunds nothing twice.
    const again = await shopper.client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { refundId: string }).refundId).toBe(result.refundId);
    const count = await queryRows(
      ctx.dbHandle,
      sql`select id from local_payment_refunds where session_id = ${sessionId}`,
    );
    expect(count).toHaveLength(1);
    const after = (
      await shopper.client.post('/api/kl_api/get_completed_orders', {})
    ).json() as HistoryOrder[];
    expect(after.find((o) => o.id === orderId)).toBeUndefined();
  });

  it('refuses delivered orders and other customers’ orders, changing nothing', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 2 });
    const owner = await loginCustomer(ctx);
    const delivered = await buy(ctx, owner.client, [{ productId: game.productId, quantity: 1 }]);
    const refused = await owner.client.post(`/api/orders/${delivered.orderId}/withdraw`, { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ORDER_NOT_WITHDRAWABLE' });
    const history = (
      await owner.client.post('/api/kl_api/get_completed_orders', {})
    ).json() as HistoryOrder[];
    expect(history.find((o) => o.id === delivered.orderId)).toMatchObject({
      status: 'paid',
      withdrawable: false,
    });

    const waiting = await buy(ctx, owner.client, [{ productId: game.productId, quantity: 1 }]);
    await makeAwaitingKeys(ctx, waiting.orderId);
    const stranger = await loginCustomer(ctx);
    const foreign = await stranger.client.post(`/api/orders/${waiting.orderId}/withdraw`, { confirm: true });
    expect(foreign.statusCode).toBe(404);
    const rows = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id in (${delivered.orderId}, ${waiting.orderId}) order by id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['paid', 'awaiting_keys']);
    expect(
      await queryRows(
        ctx.dbHandle,
        sql`select id from local_payment_refunds where session_id in (${delivered.sessionId}, ${waiting.sessionId})`,
      ),
    ).toEqual([]);
  });
});

describe(`withdrawal refunds through the Stripe adapter (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp());
  });

  afterAll(async () => ctx?.close());

  it('refunds the payment intent once, as requested by the customer, and releases the keys', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1250 }, { keys: 1 });
    const { client } = await loginCustomer(ctx);
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const { orderId, paymentIntent, webhookStatus } = await payCartOnStripe(ctx, stripe, client);
    expect(webhookStatus).toBe(200);
    await makeAwaitingKeys(ctx, orderId);

    const response = await client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as { refundId: string };
    expect(stripe.refunds).toEqual([
      expect.objectContaining({
        id: result.refundId,
        payment_intent: paymentIntent,
        amount: 1250,
        reason: 'requested_by_customer',
      }),
    ]);
    const call = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(call?.headers['idempotency-key']).toBe(`keyland-refund-${orderId}`);
    expect(await keyStatuses(ctx, game.id)).toEqual(['available']);
  });

  it('records the withdrawal when Stripe fails, and refunds on the next request', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 700 }, { keys: 1 });
    const { client } = await loginCustomer(ctx);
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const { orderId } = await payCartOnStripe(ctx, stripe, client);
    await makeAwaitingKeys(ctx, orderId);
    // Four failures outlast the adapter's own retries (three, with back-off and the same idempotency key).
    stripe.failNext('server_error', 4);
    const first = await client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ refundPending: true, refundId: null });
    // The scheduled retry refunds it; asking again then answers the same refund.
    const service = createWithdrawalService({
      db: ctx.dbHandle.db,
      provider: createStripeProvider(ctx.config.stripe ?? fail()),
      mailOutbox: createMailOutbox(ctx.dbHandle.db, ctx.keyVault),
      mailDispatcher: ctx.app.mailDispatcher,
      publicUrl: 'http://store.test',
      log: ctx.app.log,
    });
    expect(await service.retryPendingRefunds()).toBe(1);
    expect(await service.retryPendingRefunds()).toBe(0);
    const second = await client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(second.json()).toMatchObject({ refundPending: false });
    expect(stripe.refunds.filter((r) => r.amount === 700)).toHaveLength(1);
  });
});

function fail(): never {
  throw new Error('Stripe is not configured');
}
