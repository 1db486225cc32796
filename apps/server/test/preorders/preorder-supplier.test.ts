import type { PreorderObligations } from '@keyland/core/schemas/admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, supplierOrders, supplierProducts } from '../../src/db/schema/index.ts';
import { buy, type Client, call, loginCustomer } from '../admin/admin-helpers.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeCodesWholesale } from '../supplier/fake-codeswholesale-server.ts';
import { startSupplierStore } from '../supplier/supplier-store.ts';
import {
  dayIn,
  historyOf,
  importKeys,
  keysOfOrder,
  mailsTo,
  orderStatus,
  preordersOf,
  tallinnMidnight,
} from './preorder-helpers.ts';

const MINUTE = 60_000;

/*
 * A pre-order of a game the key supplier sells: on its release day, what the store's own keys could not
 * give it is bought from the supplier (once, for the missing keys only), and the order is delivered with
 * its own keys and the bought ones together. Keys arriving in stock after the purchase was asked for are
 * not set aside for it, and a pre-order withdrawn while the supplier fills it loses the store nothing.
 */
describe(`pre-orders filled by the key supplier (${testDbKind})`, () => {
  let store: Awaited<ReturnType<typeof startSupplierStore>>;
  let ctx: TestContext;
  let fake: FakeCodesWholesale;
  let admin: Client;

  beforeAll(async () => {
    store = await startSupplierStore();
    ({ ctx, fake, admin } = store);
  });
  afterAll(async () => store?.close());

  /** The supplier's product `index` on pre-order in the store, released `days` from today. */
  async function onPreorder(index: number, days: number, options: { supplierPreorder?: boolean } = {}) {
    const product = fake.products[index];
    if (!product) throw new Error('no product');
    product.preOrder = options.supplierPreorder ?? false;
    const game = await store.gameOf(index);
    await ctx.dbHandle.db
      .update(games)
      .set({ preorderAllowed: true, releaseDate: dayIn(days) })
      .where(eq(games.id, game.id));
    return game;
  }

  const purchasesOf = (orderId: number) =>
    ctx.dbHandle.db.select().from(supplierOrders).where(eq(supplierOrders.orderId, orderId));
  const fakeOrdersOf = (orderId: number) =>
    fake.orders.filter((order) => order.clientOrderId.startsWith(`keyland-${orderId}-`));
  const freeKeys = async (gameId: number) =>
    (
      await queryRows<{ n: number }>(
        ctx.dbHandle,
        sql`select count(*)::int as n from game_keys where game_id = ${gameId} and status = 'available'`,
      )
    )[0]?.n;
  /** Lets the supplier purchases of an order be retried now. */
  const makeDue = (orderId: number) =>
    ctx.dbHandle.db
      .update(supplierOrders)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(supplierOrders.orderId, orderId));

  it('buys the keys on the release day, once, and delivers them with the invoice', async () => {
    const game = await onPreorder(20, 6);
    const shopper = await loginCustomer(ctx, { lang: 'en' });
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 2 }]);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');
    // Paid now, nothing bought yet: the supplier is asked on the day the keys are due.
    expect(await purchasesOf(orderId)).toEqual([]);

    const preorders = preordersOf(ctx, store.purchases());
    const midnight = tallinnMidnight(dayIn(6));
    expect(await preorders.runDue(new Date(midnight.getTime() - MINUTE))).toBe(0);
    expect(fakeOrdersOf(orderId)).toEqual([]);

    expect(await preorders.runDue(midnight)).toBe(1);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(fakeOrdersOf(orderId)).toHaveLength(1);
    expect(await purchasesOf(orderId)).toEqual([
      expect.objectContaining({ quantity: 2, status: 'delivered' }),
    ]);
    const [listed] = await historyOf(shopper.client);
    expect(listed).toMatchObject({ id: orderId, status: 'paid', pending_items: [] });
    expect(listed?.items.map((item) => item.wcs_activation_key)).toEqual([
      expect.stringMatching(/^CW\d{5}-/),
      expect.stringMatching(/^CW\d{5}-/),
    ]);
    const mails = await mailsTo(ctx, shopper.customer.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['order_preorder', 'order_keys']);
    expect(mails[1]?.invoices).toHaveLength(1);
    // Later rounds buy nothing more.
    expect(await preorders.runDue(new Date(midnight.getTime() + MINUTE))).toBe(0);
    expect(fakeOrdersOf(orderId)).toHaveLength(1);
    await expectInvariants(ctx.dbHandle);
  });

  it('serves its own keys first, buys only what they lack, and leaves keys arriving later on sale', async () => {
    const game = await onPreorder(21, 4, { supplierPreorder: true });
    const shopper = await loginCustomer(ctx);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 3 }]);
    const [own] = await importKeys(ctx, admin, game, 1);
    expect((await keysOfOrder(ctx, orderId)).map((k) => k.status)).toEqual(['reserved']);

    // The supplier has the keys on pre-order too: the purchase is placed, its keys come later.
    const preorders = preordersOf(ctx, store.purchases());
    expect(await preorders.runDue(tallinnMidnight(dayIn(4)))).toBe(0);
    const [purchase] = await purchasesOf(orderId);
    expect(purchase).toMatchObject({ quantity: 2, status: 'placed' });
    expect(fakeOrdersOf(orderId)).toHaveLength(1);
    expect((await mailsTo(ctx, shopper.customer.email)).map((mail) => mail.kind)).toEqual([
      'order_preorder',
      'order_awaiting_keys',
    ]);

    // Keys imported now are not set aside for a line the supplier fills: they stay on sale.
    await importKeys(ctx, admin, game, 2);
    expect(await preorders.runDue(tallinnMidnight(dayIn(4)))).toBe(0);
    expect((await keysOfOrder(ctx, orderId)).map((k) => k.status)).toEqual(['reserved']);
    expect(await freeKeys(game.id)).toBe(2);

    fake.releasePreorders(purchase?.supplierOrderId ?? '');
    await makeDue(orderId);
    expect(await store.purchases().retryDue()).toBe(1);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect((await keysOfOrder(ctx, orderId)).map((k) => k.status)).toEqual(['sold', 'sold', 'sold']);
    const [listed] = await historyOf(shopper.client);
    const codes = listed?.items.map((item) => item.wcs_activation_key) ?? [];
    expect(codes).toContain(own);
    expect(codes.filter((code) => /^CW\d{5}-/.test(code))).toHaveLength(2);
    expect(await freeKeys(game.id)).toBe(2);
    expect(fakeOrdersOf(orderId)).toHaveLength(1);
    await expectInvariants(ctx.dbHandle);
  });

  it('puts the keys of a pre-order withdrawn while the supplier fills it on sale', async () => {
    const game = await onPreorder(22, 2, { supplierPreorder: true });
    const shopper = await loginCustomer(ctx);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 1 }]);
    expect(await preordersOf(ctx, store.purchases()).runDue(tallinnMidnight(dayIn(2)))).toBe(0);
    const [purchase] = await purchasesOf(orderId);
    expect(purchase?.status).toBe('placed');

    const withdrawn = await shopper.client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('refunded');

    // The key the store paid for arrives after all: it goes on sale instead of into the refunded order.
    fake.releasePreorders(purchase?.supplierOrderId ?? '');
    await makeDue(orderId);
    expect(await store.purchases().retryDue()).toBe(0);
    expect(await keysOfOrder(ctx, orderId)).toEqual([]);
    expect(await freeKeys(game.id)).toBe(1);
    expect(await purchasesOf(orderId)).toEqual([
      expect.objectContaining({ status: 'delivered', lastError: expect.stringMatching(/put on sale/) }),
    ]);
    await expectInvariants(ctx.dbHandle);
  });

  it('buys nothing for a pre-order withdrawn before the supplier could be reached', async () => {
    const game = await onPreorder(23, 2);
    const shopper = await loginCustomer(ctx);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 1 }]);
    fake.fail('GET', '/v3/products/', { status: 503 }, { status: 503 }, { status: 503 });
    expect(await preordersOf(ctx, store.purchases()).runDue(tallinnMidnight(dayIn(2)))).toBe(0);
    expect(await purchasesOf(orderId)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, supplierOrderId: null }),
    ]);

    const withdrawn = await shopper.client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await makeDue(orderId);
    expect(await store.purchases().retryDue()).toBe(0);
    expect(fakeOrdersOf(orderId)).toEqual([]);
    expect(await purchasesOf(orderId)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    // Settled: the retry job leaves it alone from now on.
    await makeDue(orderId);
    expect(await store.purchases().retryDue()).toBe(0);
    expect(await purchasesOf(orderId)).toEqual([
      expect.objectContaining({ status: 'cancelled', attempts: 2 }),
    ]);
    await expectInvariants(ctx.dbHandle);
  });

  // Last: its pre-order stays waiting (a later round on its day would buy it).
  it('tells the back office which missing keys the supplier lists, and warns only of the rest', async () => {
    const game = await onPreorder(24, 2);
    const listed = fake.products[24]?.quantity ?? 0;
    const shopper = await loginCustomer(ctx);
    await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 2 }]);
    const obligations = async () => {
      const response = await call(ctx.app, admin, 'GET', '/api/admin/preorders');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as PreorderObligations).items.find((item) => item.gameId === game.id);
    };
    expect(await obligations()).toMatchObject({ missing: 2, fromSupplier: 2, warning: false });
    // The supplier's listing shrinks below what is owed: the shortfall is warned of.
    await ctx.dbHandle.db
      .update(supplierProducts)
      .set({ quantity: 1 })
      .where(eq(supplierProducts.gameId, game.id));
    expect(await obligations()).toMatchObject({ missing: 2, fromSupplier: 1, warning: true });
    expect(listed).toBeGreaterThan(2);
  });
});
