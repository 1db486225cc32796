import { randomBytes } from 'node:crypto';
import type { PreorderObligations } from '@keyland/core/schemas/admin';
import type { CatalogueGame } from '@keyland/core/schemas/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPaymentRepository } from '../../src/modules/payments/local-payment.repository.ts';
import { buy, call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { deliverEvent, localEvent, startCheckout } from '../helpers/checkout.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { buildTestApp, LOCAL_WEBHOOK_SECRET, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import {
  dayIn,
  historyOf,
  importKeys,
  keysOfOrder,
  mailsTo,
  orderStatus,
  preorderGame,
} from './preorder-helpers.ts';

/*
 * What a pre-order may and may not be: withdrawn until delivered, only offered when an admin allows it,
 * paid on its own; and what the back office sees of the keys owed.
 */
describe(`pre-order rules and obligations (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>['client'];

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET });
    admin = (await loginAdmin(ctx)).client;
  });
  afterAll(async () => ctx?.close());

  const addToCart = (client: Awaited<ReturnType<typeof loginCustomer>>['client'], productId: string) =>
    client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: productId });

  it('is withdrawn before delivery: refund, credit note, and its keys go to the next pre-order', async () => {
    const game = await preorderGame(ctx, { releaseInDays: 12, priceCents: 3000 });
    const first = await loginCustomer(ctx, { lang: 'en' });
    const second = await loginCustomer(ctx);
    const withdrawn = await buy(ctx, first.client, [{ productId: game.productId, quantity: 1 }]);
    const waiting = await buy(ctx, second.client, [{ productId: game.productId, quantity: 1 }]);
    await importKeys(ctx, admin, game, 1);
    expect((await keysOfOrder(ctx, withdrawn.orderId)).map((k) => k.status)).toEqual(['reserved']);

    const response = await first.client.post(`/api/orders/${withdrawn.orderId}/withdraw`, { confirm: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'refunded', refunded: 30, keysReleased: 1 });
    expect(await orderStatus(ctx, withdrawn.orderId)).toBe('refunded');
    const notes = await queryRows<{ total_cents: number }>(
      ctx.dbHandle,
      sql`select total_cents from invoices where order_id = ${withdrawn.orderId} and kind = 'credit_note'`,
    );
    expect(notes).toEqual([{ total_cents: -3000 }]);
    expect((await mailsTo(ctx, first.customer.email)).map((mail) => mail.kind)).toEqual([
      'order_preorder',
      'order_withdrawal',
    ]);
    // The released key is the next pre-order's at once, not back on sale.
    expect((await keysOfOrder(ctx, waiting.orderId)).map((k) => k.status)).toEqual(['reserved']);
    await expectInvariants(ctx.dbHandle);
  });

  it('refunded in full at the provider before delivery: its key goes to the next pre-order at once', async () => {
    const game = await preorderGame(ctx, { releaseInDays: 12, priceCents: 2000 });
    const first = await loginCustomer(ctx);
    const second = await loginCustomer(ctx);
    const refunded = await buy(ctx, first.client, [{ productId: game.productId, quantity: 1 }]);
    const waiting = await buy(ctx, second.client, [{ productId: game.productId, quantity: 1 }]);
    await importKeys(ctx, admin, game, 1);
    expect((await keysOfOrder(ctx, refunded.orderId)).map((k) => k.status)).toEqual(['reserved']);
    expect(await keysOfOrder(ctx, waiting.orderId)).toEqual([]);

    await createLocalPaymentRepository(ctx.dbHandle.db).insertRefundOrGet({
      id: `re_local_${randomBytes(8).toString('hex')}`,
      sessionId: refunded.sessionId,
      amountCents: 2000,
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    const event = localEvent(LOCAL_WEBHOOK_SECRET, 'charge.refunded', {
      object: 'charge',
      chargeId: `ch_${refunded.sessionId}`,
      paymentId: refunded.sessionId,
      amountCents: 2000,
      amountRefundedCents: 2000,
    });
    expect((await deliverEvent(ctx.app, 'local', event)).statusCode).toBe(200);
    expect(await orderStatus(ctx, refunded.orderId)).toBe('refunded');
    // No delivery round has run: the key was set aside in the refund's own transaction, never on sale.
    expect((await keysOfOrder(ctx, waiting.orderId)).map((k) => k.status)).toEqual(['reserved']);
    const onSale = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from game_keys where game_id = ${game.id} and status = 'available'`,
    );
    expect(onSale[0]?.n).toBe(0);
    await expectInvariants(ctx.dbHandle);
  });

  it('is offered only when allowed and the release date is ahead; otherwise no keys, no sale', async () => {
    const notAllowed = await preorderGame(ctx, { allowed: false });
    const released = await preorderGame(ctx, { releaseInDays: 0 });
    const shopper = await loginCustomer(ctx);
    for (const game of [notAllowed, released]) {
      const refused = await addToCart(shopper.client, game.productId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'OUT_OF_STOCK' });
    }
    const page = await shopper.client.post('/api/kl_api/catalog_paginated', { limit: 48 });
    const listed = (page.json() as CatalogueGame[]).map((game) => game.id);
    expect(listed).not.toContain(notAllowed.id);
    expect(listed).not.toContain(released.id);

    const allowed = await call(ctx.app, admin, 'PATCH', `/api/admin/products/${notAllowed.id}`, {
      preorderAllowed: true,
    });
    expect(allowed.json()).toMatchObject({ preorderAllowed: true, releaseDate: dayIn(10) });
    const after = await shopper.client.post('/api/kl_api/catalog_paginated', { limit: 48 });
    expect((after.json() as CatalogueGame[]).find((game) => game.id === notAllowed.id)).toMatchObject({
      stock: 0,
      preorder_release: dayIn(10),
    });
    expect((await addToCart(shopper.client, notAllowed.productId)).statusCode).toBe(200);
  });

  it('is bought on its own, never beside another game in the cart or at checkout', async () => {
    const preordered = await preorderGame(ctx);
    const { game: inStock } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    const shopper = await loginCustomer(ctx);
    expect((await addToCart(shopper.client, inStock.productId)).statusCode).toBe(200);
    const refused = await addToCart(shopper.client, preordered.productId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'PREORDER_ALONE' });

    const other = await loginCustomer(ctx);
    expect((await addToCart(other.client, preordered.productId)).statusCode).toBe(200);
    expect((await addToCart(other.client, preordered.productId)).json()).toMatchObject({
      items: [{ quantity: 2, preorder_release: dayIn(10) }],
    });
    const second = await addToCart(other.client, inStock.productId);
    expect(second.json()).toMatchObject({ error: 'PREORDER_ALONE' });

    // A game in the cart that became a pre-order since: the checkout refuses, reserving nothing.
    const turned = await preorderGame(ctx, { allowed: false, keys: 2 });
    expect((await addToCart(shopper.client, turned.productId)).statusCode).toBe(200);
    await call(ctx.app, admin, 'PATCH', `/api/admin/products/${turned.id}`, { preorderAllowed: true });
    const started = await startCheckout(shopper.client);
    expect(started).toMatchObject({ status: 409, body: { error: 'PREORDER_ALONE' } });
    expect(await historyOf(shopper.client)).toEqual([]);
    expect(
      await queryRows(
        ctx.dbHandle,
        sql`select id from game_keys where status = 'reserved' and game_id in (${inStock.id}, ${turned.id})`,
      ),
    ).toEqual([]);
  });

  it('lists the keys owed per game and warns when a release is near without enough keys', async () => {
    const soon = await preorderGame(ctx, { releaseInDays: 2 });
    const later = await preorderGame(ctx, { releaseInDays: 20 });
    const quiet = await preorderGame(ctx, { releaseInDays: 30 });
    const shopper = await loginCustomer(ctx);
    await buy(ctx, shopper.client, [{ productId: soon.productId, quantity: 3 }]);
    await buy(ctx, shopper.client, [{ productId: later.productId, quantity: 1 }]);
    await importKeys(ctx, admin, soon, 1);

    const customer = await call(ctx.app, shopper.client, 'GET', '/api/admin/preorders');
    expect(customer.statusCode).toBe(403);
    const response = await call(ctx.app, admin, 'GET', '/api/admin/preorders');
    expect(response.statusCode, response.body).toBe(200);
    const { items, warningDays } = response.json() as PreorderObligations;
    expect(warningDays).toBe(3);
    const of = (gameId: number) => items.find((item) => item.gameId === gameId);
    expect(of(soon.id)).toMatchObject({
      onPreorder: true,
      firstDelivery: dayIn(2),
      orders: 1,
      ordered: 3,
      reserved: 1,
      missing: 2,
      available: 0,
      warning: true,
    });
    expect(of(later.id)).toMatchObject({ orders: 1, ordered: 1, missing: 1, warning: false });
    expect(of(quiet.id)).toMatchObject({ orders: 0, ordered: 0, missing: 0, warning: false });
    // Earliest delivery first.
    expect(items.findIndex((item) => item.gameId === soon.id)).toBeLessThan(
      items.findIndex((item) => item.gameId === later.id),
    );

    await importKeys(ctx, admin, soon, 2);
    const covered = (await call(ctx.app, admin, 'GET', '/api/admin/preorders')).json() as PreorderObligations;
    expect(covered.items.find((item) => item.gameId === soon.id)).toMatchObject({
      reserved: 3,
      missing: 0,
      warning: false,
    });
  });
});
