import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_TRANSFER_SETTLE_MS,
  settleDueTransfers,
  TEST_IBANS,
} from '../../src/modules/payments/local-checkout.routes.ts';
import { createLocalPaymentRepository } from '../../src/modules/payments/local-payment.repository.ts';
import { checkoutNewGame, loginCustomer } from '../admin/admin-helpers.ts';
import { payOnHostedPage, postLocalEvent, startCheckout } from '../helpers/checkout.ts';
import { keyCounts, orderStatus } from '../helpers/order-state.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, LOCAL_WEBHOOK_SECRET, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const YEAR_AGO = new Date(Date.now() - 365 * 24 * 3600_000);
const DAY_MS = 24 * 3600_000;

/**
 * A payment method that settles later (the local provider's bank transfer, standing for SEPA Direct Debit
 * and the like at the card provider): the order waits in `payment_processing` with its keys kept for it,
 * the customer is told, and the keys are delivered when the payment settles — or released when it fails.
 */
describe(`delayed payment methods (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox({ PAYMENT_PROCESSING_HOLD_DAYS: '10' }));
  });
  afterAll(async () => ctx?.close());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.dbHandle, query);
  /** Settles every transfer due by then, as the settlement job does when their time has come. */
  const settleAll = () =>
    settleDueTransfers(
      ctx.app,
      createLocalPaymentRepository(ctx.dbHandle.db),
      LOCAL_WEBHOOK_SECRET,
      new Date(Date.now() + LOCAL_TRANSFER_SETTLE_MS + 60_000),
    );

  const webhook = (type: string, object: Record<string, unknown>) =>
    postLocalEvent(ctx.app, LOCAL_WEBHOOK_SECRET, type, object);

  /** A customer puts the only `keys` keys of a new game in the cart and opens the payment page. */
  const checkout = (keys = 1) =>
    checkoutNewGame(ctx, { priceCents: 2_499, keys, customer: { createdAt: YEAR_AGO } });

  const payByTransfer = (sessionId: string, iban: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/pay/local/${sessionId}/transfer`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ iban }).toString(),
    });

  it('keeps the keys while a transfer settles, tells the customer, then delivers them once', async () => {
    const { game, client, customer, sessionId, orderId } = await checkout();
    const paid = await payByTransfer(sessionId, TEST_IBANS.succeeds);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`session_id=${sessionId}`);

    // Back on the success page: no keys yet, the payment is processing; the keys are kept for 10 days.
    const success = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(success.statusCode, success.body).toBe(200);
    expect(success.json()).toEqual({
      success: true,
      data: [],
      order_id: orderId,
      processing: true,
      hold_days: 10,
    });
    expect(await orderStatus(ctx, orderId)).toBe('payment_processing');
    expect(await keyCounts(ctx, game.id)).toEqual({ reserved: 1 });
    // Bought, if not yet paid: the game left the cart, so it is not bought twice meanwhile.
    const cart = (await client.post('/api/kl_api/get_order_cart_items', {})).json() as { items: unknown[] };
    expect(cart.items).toEqual([]);
    const [kept] = await rows<{ until: string }>(
      sql`select reserved_until as until from game_keys where game_id = ${game.id}`,
    );
    const keptForDays = (new Date(String(kept?.until)).getTime() - Date.now()) / DAY_MS;
    expect(keptForDays).toBeGreaterThan(9.9);
    expect(keptForDays).toBeLessThanOrEqual(10);
    const history = (await client.post('/api/kl_api/get_completed_orders', {})).json();
    expect(history.find((o: { id: number }) => o.id === orderId)).toMatchObject({
      status: 'payment_processing',
      items: [],
      pending_items: [{ title: game.title, quantity: 1 }],
      withdrawable: false,
    });
    const processingMail = await inbox.waitFor(
      (m) => m.to.includes(customer.email) && m.subject.includes('payment processing'),
    );
    expect(processingMail.decoded).toContain('10 days');

    // The kept key is not sold to anyone else meanwhile.
    const other = await loginCustomer(ctx, { createdAt: YEAR_AGO });
    const refused = await other.client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
    });
    expect(refused.json(), refused.body).toMatchObject({ error: 'OUT_OF_STOCK' });

    // A sweep before the hold runs out keeps it; the settlement delivers, whichever of job or test runs it.
    await ctx.app.checkout.sweepLapsed(1_000);
    expect(await orderStatus(ctx, orderId)).toBe('payment_processing');
    await settleAll();
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });
    const keysMail = await inbox.waitFor(
      (m) => m.to.includes(customer.email) && m.subject.includes(String(orderId)) && m !== processingMail,
    );
    expect(keysMail.subject).not.toContain('payment processing');
    const again = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(again.json().data).toHaveLength(1);

    // A replay of either event changes nothing: one key sold, one keys mail.
    const session = { sessionId, orderId, status: 'complete', currency: 'eur', amountTotalCents: 2_499 };
    for (const [type, paymentStatus] of [
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
    ] as const)
      expect((await webhook(type, { ...session, paymentStatus })).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });
  });

  it('releases the keys and tells the customer when the transfer fails; nothing is delivered', async () => {
    const { game, client, customer, sessionId, orderId } = await checkout();
    expect((await payByTransfer(sessionId, TEST_IBANS.fails)).statusCode).toBe(303);
    expect((await client.post('/api/kl_api/createOrder', { sessionId })).json()).toMatchObject({
      processing: true,
    });
    await settleAll();
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1 });
    const failed = await inbox.waitFor(
      (m) => m.to.includes(customer.email) && m.subject.includes('did not go through'),
    );
    expect(failed.decoded).toContain('Nothing was charged');
    const after = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ error: 'ORDER_CANCELLED', data: [] });
    const history = (await client.post('/api/kl_api/get_completed_orders', {})).json();
    expect(history.find((o: { id: number }) => o.id === orderId)).toBeUndefined();
  });

  it('delivers once when the settlement arrives before the completion (events out of order)', async () => {
    const { game, sessionId, orderId } = await checkout();
    await rows(
      sql`update local_payment_sessions set status = 'complete', payment_status = 'paid' where id = ${sessionId}`,
    );
    const session = { sessionId, orderId, status: 'complete', currency: 'eur', amountTotalCents: 2_499 };
    expect(
      (await webhook('checkout.session.async_payment_succeeded', { ...session, paymentStatus: 'paid' }))
        .statusCode,
    ).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    // The earlier snapshot, still unpaid, comes last: the order stays delivered.
    expect(
      (await webhook('checkout.session.completed', { ...session, paymentStatus: 'unpaid' })).statusCode,
    ).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });
  });

  it('puts the keys back on sale when the hold runs out; a payment that settles later is still honoured', async () => {
    const { game, client, sessionId, orderId } = await checkout(2);
    expect((await payByTransfer(sessionId, TEST_IBANS.succeeds)).statusCode).toBe(303);
    await client.post('/api/kl_api/createOrder', { sessionId });
    expect(await orderStatus(ctx, orderId)).toBe('payment_processing');
    // Ten days later (the order's and keys' reservation run out).
    await rows(sql`update orders set reserved_until = now() - interval '1 minute' where id = ${orderId}`);
    await rows(
      sql`update game_keys set reserved_until = now() - interval '1 minute' where order_id = ${orderId}`,
    );
    await ctx.app.checkout.sweepLapsed(1_000);
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
    // The bank confirms after all: the money arrived, and a key is still in stock.
    await settleAll();
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1, sold: 1 });
  });

  it('refunds a payment that settles after the hold ran out and its keys were sold: cancelled, customer told', async () => {
    const { game, client, customer, sessionId, orderId } = await checkout(1);
    expect((await payByTransfer(sessionId, TEST_IBANS.succeeds)).statusCode).toBe(303);
    await client.post('/api/kl_api/createOrder', { sessionId });
    await rows(sql`update orders set reserved_until = now() - interval '1 minute' where id = ${orderId}`);
    await ctx.app.checkout.sweepLapsed(1_000);
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    // Someone else buys the only key meanwhile.
    const other = await loginCustomer(ctx, { createdAt: YEAR_AGO });
    await other.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const bought = await startCheckout(other.client);
    expect((await payOnHostedPage(ctx.app, bought.sessionId ?? '')).statusCode).toBe(303);
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });

    // The bank confirms after all: nothing to deliver, so the money goes back, once.
    await settleAll();
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    const refunds = await rows<{ amount_cents: number }>(
      sql`select amount_cents from local_payment_refunds where session_id = ${sessionId}`,
    );
    expect(refunds).toEqual([{ amount_cents: 2_499 }]);
    const mail = await inbox.waitFor(
      (m) =>
        m.to.includes(customer.email) && m.subject.includes('cancelled') && m.decoded.includes('sold out'),
    );
    expect(mail.decoded).toContain(String(orderId));
    const page = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(page.statusCode).toBe(409);
    expect(page.json()).toMatchObject({ error: 'ORDER_CANCELLED' });
    expect(await rows(sql`select 1 from local_payment_refunds where session_id = ${sessionId}`)).toHaveLength(
      1,
    );
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });
  });

  it('refuses a transfer from an unknown test account and leaves the session open', async () => {
    const { sessionId, orderId } = await checkout();
    const refused = await payByTransfer(sessionId, 'DE00 0000 0000 0000 0000 00');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(TEST_IBANS.succeeds);
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');
    // The card still works on the same page.
    expect((await payOnHostedPage(ctx.app, sessionId)).statusCode).toBe(303);
  });
});
