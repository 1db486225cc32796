import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { createClient, loginAsNewCustomer } from '../helpers/http.ts';
import { invoicesNumbered } from '../helpers/invoice-numbering.ts';
import type { TestContext } from '../helpers/test-app.ts';

export type Client = ReturnType<typeof createClient>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** A JSON call with the client's session cookie (any method, PATCH included). */
export async function call(
  app: FastifyInstance,
  client: Client | undefined,
  method: Method,
  url: string,
  body?: unknown,
) {
  const cookie = client?.cookie;
  return app.inject({
    method,
    url,
    headers: {
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie: `keyland_session=${cookie}` } : {}),
    },
    ...(method === 'GET' ? {} : { payload: body === undefined ? '' : JSON.stringify(body) }),
  });
}

export const loginAdmin = (ctx: TestContext) =>
  loginAsNewCustomer(ctx.app, () =>
    insertCustomer(ctx.dbHandle.db, { role: 'admin', fullName: 'Store Admin' }),
  );

export const loginCustomer = (ctx: TestContext, overrides: Parameters<typeof insertCustomer>[1] = {}) =>
  loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db, overrides));

export const visitor = (ctx: TestContext) => createClient(ctx.app);

/** Buys games through the real cart, checkout and local hosted payment page; answers the paid order id. */
export async function buy(
  ctx: TestContext,
  client: Client,
  lines: { productId: string; quantity: number }[],
): Promise<{ orderId: number; sessionId: string }> {
  for (const line of lines) {
    for (let i = 0; i < line.quantity; i++) {
      const added = await client.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: line.productId,
      });
      expect(added.statusCode).toBe(200);
    }
  }
  const started = await startCheckout(client);
  expect(started.status).toBe(200);
  const paid = await payOnHostedPage(ctx.app, started.sessionId ?? '');
  expect(paid.statusCode).toBe(303);
  await invoicesNumbered(ctx.app);
  return { orderId: Number(started.body.order_id), sessionId: started.sessionId ?? '' };
}

/**
 * A customer (made with `customer`) puts one key of a new game of `keys` keys in the cart and opens the
 * local provider's payment page; answers the game, the customer with their client, and the order with its
 * payment session.
 */
export async function checkoutNewGame(
  ctx: TestContext,
  options: { priceCents: number; keys: number; customer?: Parameters<typeof insertCustomer>[1] },
) {
  const { game } = await insertGame(
    ctx.dbHandle.db,
    ctx.keyVault,
    { priceCents: options.priceCents },
    { keys: options.keys },
  );
  const { client, customer } = await loginCustomer(ctx, options.customer);
  expect(
    (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
      .statusCode,
  ).toBe(200);
  const started = await startCheckout(client);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return {
    game,
    client,
    customer,
    sessionId: started.sessionId ?? '',
    orderId: Number(started.body.order_id),
  };
}
