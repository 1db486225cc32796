import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { keyCounts, orderStatus } from '../helpers/order-state.ts';
import { buildStripeTestApp, postStripeEvent } from '../helpers/stripe.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';

/**
 * Delayed payment methods through the Stripe adapter and its stand-in: SEPA Direct Debit and the like
 * complete the Checkout Session `unpaid`, then `checkout.session.async_payment_succeeded` or `_failed`
 * follows — possibly before the `completed` event, possibly twice.
 */
describe(`delayed payment methods through the Stripe adapter (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp({ PAYMENT_PROCESSING_HOLD_DAYS: '14' }));
  });
  afterAll(async () => ctx?.close());

  /** A customer checks out one key of a new game and pays on the hosted page with a delayed method. */
  async function payWithDirectDebit() {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1_999 }, { keys: 1 });
    const { client } = await loginAsNewCustomer(ctx.app, () =>
      insertCustomer(ctx.dbHandle.db, { countryId: 57, createdAt: new Date(Date.now() - 365 * 86_400_000) }),
    );
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const started = await client.post('/api/create-checkout-session', {
      consent: { text: 'I consent to immediate delivery.', timestamp: new Date().toISOString() },
    });
    expect(started.statusCode, started.body).toBe(200);
    const orderId = (started.json() as { order_id: number }).order_id;
    const [row] = await queryRows<{ payment_session_id: string }>(
      ctx.dbHandle,
      sql`select payment_session_id from orders where id = ${orderId}`,
    );
    const sessionId = row?.payment_session_id ?? '';
    // The hosted page offered the account's methods, not only cards.
    expect(stripe.sessions.get(sessionId)?.allowed_payment_method_types).toBeNull();
    expect(stripe.sessions.get(sessionId)?.payment_method_types).toContain('sepa_debit');
    stripe.complete(sessionId, { paymentStatus: 'unpaid' });
    return { game, client, orderId, sessionId };
  }

  it('waits with the keys reserved on `completed` unpaid, then delivers on `async_payment_succeeded`', async () => {
    const { game, client, orderId, sessionId } = await payWithDirectDebit();
    const completed = stripe.signedEvent('checkout.session.completed', sessionId);
    expect((await postStripeEvent(ctx, completed)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('payment_processing');
    expect(await keyCounts(ctx, game.id)).toEqual({ reserved: 1 });
    const page = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(page.json()).toMatchObject({ success: true, data: [], processing: true, hold_days: 14 });

    stripe.settle(sessionId, 'succeeded');
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', sessionId);
    expect((await postStripeEvent(ctx, succeeded)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });
    // Stripe delivers the same event again: nothing changes.
    expect((await postStripeEvent(ctx, succeeded)).json()).toMatchObject({ duplicate: true });
    expect((await client.post('/api/kl_api/createOrder', { sessionId })).json().data).toHaveLength(1);
  });

  it('delivers once when `async_payment_succeeded` arrives before `completed`', async () => {
    const { game, orderId, sessionId } = await payWithDirectDebit();
    const completedUnpaid = stripe.signedEvent('checkout.session.completed', sessionId);
    stripe.settle(sessionId, 'succeeded');
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', sessionId);
    expect((await postStripeEvent(ctx, succeeded)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    // The older `completed`, whose snapshot says unpaid, arrives last and changes nothing.
    expect((await postStripeEvent(ctx, completedUnpaid)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ sold: 1 });
  });

  it('releases the keys on `async_payment_failed`, and a late `completed` does not hold them again', async () => {
    const { game, client, orderId, sessionId } = await payWithDirectDebit();
    const completed = stripe.signedEvent('checkout.session.completed', sessionId);
    expect((await postStripeEvent(ctx, completed)).statusCode).toBe(200);
    stripe.settle(sessionId, 'failed');
    const failed = stripe.signedEvent('checkout.session.async_payment_failed', sessionId);
    expect((await postStripeEvent(ctx, failed)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1 });
    const again = stripe.signedEvent('checkout.session.completed', sessionId);
    expect((await postStripeEvent(ctx, again)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1 });
    const page = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(page.statusCode).toBe(409);
    expect(page.json()).toMatchObject({ error: 'ORDER_CANCELLED' });
  });
});
