import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signPayload } from '../../src/modules/payments/webhook-signature.ts';
import type { createClient } from './http.ts';

type Client = ReturnType<typeof createClient>;

export const CONSENT = {
  text: 'I ask for immediate delivery of the keys and acknowledge that I then lose my right of withdrawal.',
  timestamp: '2026-11-22T10:00:00.000Z',
};

/** Starts checkout for the client's cart and returns the local provider's session id and page path. */
export async function startCheckout(
  client: Client,
): Promise<{ status: number; body: Record<string, unknown>; sessionId?: string; path?: string }> {
  const response = await client.post('/api/create-checkout-session', {
    consent: CONSENT,
    items: [],
    orderData: { total: 0.01 },
  });
  const body = response.json() as Record<string, unknown>;
  if (response.statusCode !== 200) return { status: response.statusCode, body };
  const url = new URL(String(body.url));
  return { status: 200, body, path: url.pathname, sessionId: url.pathname.split('/').pop() };
}

/** Pays on the local provider's hosted page like a shopper would (form post with a test card). */
export async function payOnHostedPage(app: FastifyInstance, sessionId: string, card = '4242 4242 4242 4242') {
  return app.inject({
    method: 'POST',
    url: `/pay/local/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card, exp: '12/34', cvc: '123' }).toString(),
  });
}

/** A local payment provider's event as it sends one: the JSON body and its signature with `secret`. */
export function localEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_local_${randomBytes(8).toString('hex')}`,
): { body: string; signature: string } {
  const body = JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { object } });
  return { body, signature: signPayload(body, secret) };
}

/** Delivers a payment provider's event (its body and signature, as they are) to the store's webhook. */
export function deliverEvent(
  app: FastifyInstance,
  provider: 'local' | 'stripe',
  event: { body: string; signature: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${provider}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.body,
  });
}

/** Delivers a signed event of the local payment provider to the store's webhook, as the provider does. */
export function postLocalEvent(
  app: FastifyInstance,
  secret: string,
  type: string,
  object: Record<string, unknown>,
) {
  return deliverEvent(app, 'local', localEvent(secret, type, object));
}
