import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStripeTestApp, buyNewGameOnStripe } from '../helpers/stripe.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';
import { call, loginAdmin } from './admin-helpers.ts';

describe(`fraud cancellation refunds through the Stripe adapter (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp());
  });

  afterAll(async () => ctx?.close());

  /** A paid Stripe order: checkout, the customer pays on Stripe, the signed event fulfils it. */
  const paidOrder = (priceCents: number, quantity: number) =>
    buyNewGameOnStripe(ctx, stripe, { priceCents, quantity });

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
