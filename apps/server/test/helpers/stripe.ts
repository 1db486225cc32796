import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { type FakeStripe, startFakeStripe } from '../payments/fake-stripe-server.ts';
import { deliverEvent } from './checkout.ts';
import { type createClient, loginAsNewCustomer } from './http.ts';
import { buildTestAppBeside, type TestContext } from './test-app.ts';
import { queryRows } from './test-db.ts';

type Client = ReturnType<typeof createClient>;

/**
 * The store built with the Stripe adapter, pointed at a stand-in Stripe server started for it. Closing
 * `ctx` closes the stand-in too.
 */
export async function buildStripeTestApp(
  env: Record<string, string> = {},
): Promise<{ stripe: FakeStripe; ctx: TestContext }> {
  const stripe = await startFakeStripe();
  const ctx = await buildTestAppBeside(stripe, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.apiBase,
    PUBLIC_URL: 'http://store.test',
    ...env,
  });
  return { stripe, ctx };
}

/** Delivers a Stripe-signed event to the store's webhook. */
export function postStripeEvent(
  ctx: TestContext,
  event: { body: string; signature: string },
): Promise<LightMyRequestResponse> {
  return deliverEvent(ctx.app, 'stripe', event);
}

/**
 * Checks the client's cart out, pays on the stand-in as the customer would, and delivers the signed
 * `checkout.session.completed` event: the order is then fulfilled.
 */
export async function payCartOnStripe(ctx: TestContext, stripe: FakeStripe, client: Client) {
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
  const webhook = await postStripeEvent(ctx, stripe.signedEvent('checkout.session.completed', sessionId));
  return { orderId, sessionId, paymentIntent: session.payment_intent, webhookStatus: webhook.statusCode };
}

/**
 * A new customer (logged in) buys all `quantity` keys of a fresh game at `priceCents`, paying on the
 * stand-in (checkout, payment, signed event); the store accepts the event, so the order is paid.
 */
export async function buyNewGameOnStripe(
  ctx: TestContext,
  stripe: FakeStripe,
  { priceCents, quantity }: { priceCents: number; quantity: number },
) {
  const { client, customer } = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
  const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents }, { keys: quantity });
  for (let i = 0; i < quantity; i++)
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
  const paid = await payCartOnStripe(ctx, stripe, client);
  expect(paid.webhookStatus).toBe(200);
  return { client, customer, game, ...paid };
}
