import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { startCheckout } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { buildStripeTestApp, postStripeEvent } from '../helpers/stripe.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';

describe(`checkout through the Stripe adapter (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp());
  });

  afterAll(async () => ctx?.close());

  it('creates a Checkout Session from the server’s prices and fulfils on the signed event', async () => {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Orbit Tale', priceCents: 2499 },
      { keys: 3 },
    );
    const { client } = await loginAsNewCustomer(ctx.app, () =>
      insertCustomer(ctx.dbHandle.db, { countryId: 57 }),
    );
    await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
      price: 0.01,
    });
    await client.post('/api/kl_api/update_order_line_quantity', { cws_product_id: game.productId, delta: 1 });

    const started = await client.post('/api/create-checkout-session', {
      consent: { text: 'I consent to immediate delivery.', timestamp: new Date().toISOString() },
      orderData: { total: 0.02 },
    });
    expect(started.statusCode).toBe(200);
    const { url, order_id: orderId } = started.json() as { url: string; order_id: number };
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(create?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: String(orderId),
      success_url: 'http://store.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://store.test/checkout/cancel',
      line_items: [
        {
          quantity: '2',
          price_data: { currency: 'eur', unit_amount: '2499', product_data: { name: 'Orbit Tale' } },
        },
      ],
    });
    expect(create?.headers['idempotency-key']).toBe(`keyland-order-${orderId}`);
    const [order] = await queryRows<{ payment_session_id: string }>(
      ctx.dbHandle,
      sql`select payment_session_id from orders where id = ${orderId}`,
    );
    const sessionId = order?.payment_session_id ?? '';
    expect(url).toContain(sessionId);

    const early = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(early.json()).toMatchObject({ success: false, error: 'PAYMENT_NOT_COMPLETED' });

    stripe.complete(sessionId);
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    const webhook = await postStripeEvent(ctx, event);
    expect(webhook.statusCode).toBe(200);
    const keys = await queryRows(
      ctx.dbHandle,
      sql`select id from game_keys where game_id = ${game.id} and status = 'sold'`,
    );
    expect(keys).toHaveLength(2);

    const page = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(page.json()).toMatchObject({ success: true, order_id: orderId });
    expect((page.json() as { data: unknown[] }).data).toHaveLength(2);

    const tampered = await postStripeEvent(ctx, {
      signature: event.signature,
      body: event.body.replace('"paid"', '"unpaid"'),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('releases the keys and charges nothing when the provider is down', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 1 });
    const { client } = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    stripe.failNext('server_error', 5);
    const started = await startCheckout(client);
    expect(started.status).toBe(502);
    expect(started.body).toMatchObject({ error: 'PAYMENT_UNAVAILABLE' });
    const free = await queryRows(
      ctx.dbHandle,
      sql`select id from game_keys where game_id = ${game.id} and status = 'available'`,
    );
    expect(free).toHaveLength(1);
  });
});
