import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../src/modules/payments/stripe.provider.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { CONSENT } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { buildStripeTestApp } from '../helpers/stripe.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';

describe(`checkout while the payment provider fails (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp());
  });

  afterAll(async () => ctx?.close());

  async function shopperWithCart(keys = 2) {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1500 }, { keys });
    const { client } = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    return { client, game };
  }
  const creates = () =>
    stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

  it('retries 429 and 5xx with back-off and the same idempotency key: one session is created', async () => {
    const { client } = await shopperWithCart();
    const before = creates().length;
    const sessionsBefore = stripe.sessions.size;
    stripe.failNext('rate_limit');
    stripe.failNext('server_error');
    const started = await client.post('/api/create-checkout-session', { consent: CONSENT, items: [] });
    expect(started.statusCode, started.body).toBe(200);
    const attempts = creates().slice(before);
    expect(attempts).toHaveLength(3);
    const { order_id: orderId } = started.json() as { order_id: number };
    for (const attempt of attempts)
      expect(attempt.headers['idempotency-key']).toBe(`keyland-order-${orderId}`);
    expect(stripe.sessions.size).toBe(sessionsBefore + 1);
    await expectInvariants(ctx.dbHandle);
  });

  it('after the retry budget the checkout fails visibly, releases its keys and keeps the cart for a retry', async () => {
    const { client, game } = await shopperWithCart();
    const before = creates().length;
    stripe.failNext('server_error', 4);
    const failed = await client.post('/api/create-checkout-session', { consent: CONSENT, items: [] });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'PAYMENT_UNAVAILABLE' });
    expect(creates().length - before).toBe(4);
    const orders = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select o.status from orders o join order_lines l on l.order_id = o.id where l.game_id = ${game.id} and o.status <> 'draft'`,
    );
    expect(orders).toEqual([{ status: 'cancelled' }]);
    const keys = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from game_keys where game_id = ${game.id}`,
    );
    expect(keys.every((k) => k.status === 'available')).toBe(true);
    const cart = (await client.post('/api/kl_api/get_order_cart_items', {})).json() as { items: unknown[] };
    expect(cart.items).toHaveLength(1);
    await expectInvariants(ctx.dbHandle);

    const retried = await client.post('/api/create-checkout-session', { consent: CONSENT, items: [] });
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('a paid session the provider cannot confirm stays pending and reserved, then completes on a retry', async () => {
    const { client, game } = await shopperWithCart();
    const started = await client.post('/api/create-checkout-session', { consent: CONSENT, items: [] });
    const { order_id: orderId } = started.json() as { order_id: number };
    const [order] = await queryRows<{ payment_session_id: string }>(
      ctx.dbHandle,
      sql`select payment_session_id from orders where id = ${orderId}`,
    );
    const sessionId = order?.payment_session_id ?? '';
    stripe.complete(sessionId);
    stripe.failNext('server_error', 4);
    const unconfirmed = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(unconfirmed.statusCode).toBe(502);
    expect(unconfirmed.json()).toMatchObject({ error: 'PAYMENT_UNAVAILABLE' });
    const [pending] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(pending?.status).toBe('pending_payment');
    const reserved = await queryRows(
      ctx.dbHandle,
      sql`select id from game_keys where game_id = ${game.id} and status = 'reserved' and order_id = ${orderId}`,
    );
    expect(reserved).toHaveLength(1);

    stripe.failNext('rate_limit', 2);
    const confirmed = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { data: unknown[] }).data).toHaveLength(1);
    await expectInvariants(ctx.dbHandle);
  });

  it('a call that times out is repeated with the same key, and refunds are retried once-only', async () => {
    const provider = createStripeProvider(
      { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
      { timeoutMs: 300, retryBaseDelayMs: 20 },
    );
    const before = creates().length;
    stripe.failNext('hang');
    const ref = await provider.createCheckoutSession({
      orderId: 990_001,
      customerEmail: 'timeout@keyland.test',
      lines: [{ title: 'Game', unitAmountCents: 1000, quantity: 1 }],
      totalCents: 1000,
      successUrl: 'http://store.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://store.test/checkout/cancel',
      expiresAt: new Date(Date.now() + 31 * 60_000),
      idempotencyKey: 'keyland-order-990001',
    });
    const attempts = creates().slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts.map((a) => a.headers['idempotency-key'])).toEqual([
      'keyland-order-990001',
      'keyland-order-990001',
    ]);
    stripe.complete(ref.sessionId);

    const refundsBefore = stripe.refunds.length;
    stripe.failNext('rate_limit');
    stripe.failNext('server_error');
    await provider.refund(ref.sessionId, 1000, 'keyland-refund-990001');
    expect(stripe.refunds.length - refundsBefore).toBe(1);
    const refundCalls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(refundCalls.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set(['keyland-refund-990001']),
    );

    // Past the budget the error reaches the caller.
    stripe.failNext('server_error', 4);
    await expect(provider.retrieveSession(ref.sessionId)).rejects.toThrow(/HTTP 500/);
  });
});
