import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { type FakeStripe, startFakeStripe } from '../payments/fake-stripe-server.ts';
import { call, loginAdmin, loginCustomer } from './admin-helpers.ts';

describe(`fraud cancellation refunds through the Stripe adapter (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    ctx = await buildTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      PUBLIC_URL: 'http://store.test',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  /** A paid Stripe order: checkout, the customer pays on Stripe, the signed event fulfils it. */
  async function paidOrder(priceCents: number, quantity: number) {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents }, { keys: quantity });
    const { client } = await loginCustomer(ctx);
    for (let i = 0; i < quantity; i++)
      await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const started = await client.post('/api/create-checkout-session', {
      consent: { text: 'I consent to immediate delivery.', timestamp: new Date().toISOString() },
    });
    const orderId = (started.json() as { order_id: number }).order_id;
    const [row] = await queryRows<{ payment_session_id: string }>(
      ctx.dbHandle,
      sql`select payment_session_id from orders where id = ${orderId}`,
    );
    const sessionId = row?.payment_session_id ?? '';
    const session = stripe.complete(sessionId);
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });
    expect(webhook.statusCode).toBe(200);
    return { orderId, game, paymentIntent: session.payment_intent };
  }

  it('creates one refund of the order total for the session’s payment intent, idempotently', async () => {
    const { client: admin } = await loginAdmin(ctx);
    const { orderId, game, paymentIntent } = await paidOrder(1250, 2);
    const response = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'Chargeback risk: stolen card',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as { refundId: string; refunded: number; keysRevoked: number };
    expect(result).toMatchObject({ refunded: 25, keysRevoked: 2 });
    expect(stripe.refunds).toEqual([
      expect.objectContaining({
        id: result.refundId,
        payment_intent: paymentIntent,
        amount: 2500,
        reason: 'fraudulent',
      }),
    ]);
    const call0 = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(call0?.headers['idempotency-key']).toBe(`keyland-refund-${orderId}`);
    expect(call0?.form).toMatchObject({ payment_intent: paymentIntent, amount: '2500' });
    const keys = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from game_keys where game_id = ${game.id}`,
    );
    expect(keys.map((k) => k.status)).toEqual(['revoked', 'revoked']);
  });

  it('changes nothing when Stripe refuses the refund, and succeeds on a retry', async () => {
    const { client: admin } = await loginAdmin(ctx);
    const { orderId, game } = await paidOrder(900, 1);
    // The retrieval and its three retries all fail.
    stripe.failNext('server_error', 4);
    const failed = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'fraud',
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'REFUND_FAILED' });
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('paid');
    const [key] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from game_keys where game_id = ${game.id}`,
    );
    expect(key?.status).toBe('sold');
    const retried = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'fraud',
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(stripe.refunds.filter((r) => r.amount === 900)).toHaveLength(1);
  });
});
