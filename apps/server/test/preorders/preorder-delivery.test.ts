import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import {
  dayIn,
  historyOf,
  importKeys,
  invoiceOf,
  keysOfOrder,
  mailsTo,
  orderStatus,
  preorderGame,
  preordersOf,
  tallinnMidnight,
} from './preorder-helpers.ts';

const MINUTE = 60_000;

/*
 * A pre-order is paid now at today's price, waits for its release day with the keys set aside for it as
 * they arrive (oldest payment first, never sold to anyone else), and is delivered from 00:00 Tallinn time
 * on that day, or as soon as its keys arrive after it. The round runs on a clock the test sets.
 */
describe(`pre-orders from payment to delivery (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>['client'];

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789' });
    admin = (await loginAdmin(ctx)).client;
  });
  afterAll(async () => ctx?.close());

  it('is paid now: invoice written, confirmation mail carrying it, no key, the day shown everywhere', async () => {
    const game = await preorderGame(ctx, { releaseInDays: 10, priceCents: 2500 });
    const release = dayIn(10);
    const shopper = await loginCustomer(ctx, { lang: 'en' });
    const detail = await shopper.client.post('/api/kl_api/checkGameDetail', { providerId: game.providerId });
    expect(detail.json()).toMatchObject({ found: true, game: { stock: 0, preorderRelease: release } });

    const added = await shopper.client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ items: [{ preorder_release: release, total: 25 }] });
    await shopper.client.post('/api/kl_api/remove_order_line', { cws_product_id: game.productId });

    const { orderId, sessionId } = await buy(ctx, shopper.client, [
      { productId: game.productId, quantity: 1 },
    ]);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');
    expect(await keysOfOrder(ctx, orderId)).toEqual([]);
    const invoice = await invoiceOf(ctx, orderId);
    expect(invoice?.number).toMatch(/^KL/);
    const mails = await mailsTo(ctx, shopper.customer.email);
    expect(mails).toEqual([expect.objectContaining({ kind: 'order_preorder', invoices: [invoice?.id] })]);
    expect(mails[0]?.subject).toContain(String(orderId));
    const printed = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${release}T00:00:00Z`),
    );
    expect(mails[0]?.text).toContain(`will be delivered on ${printed}`);
    expect(mails[0]?.text).toContain('you may withdraw from the order');

    const success = await shopper.client.post('/api/kl_api/createOrder', { sessionId });
    expect(success.json()).toMatchObject({
      success: true,
      data: [],
      order_id: orderId,
      preorder_release: release,
    });
    const [listed] = await historyOf(shopper.client);
    expect(listed).toMatchObject({
      id: orderId,
      status: 'awaiting_keys',
      withdrawable: true,
      items: [],
      total: 25,
      pending_items: [{ title: game.title, quantity: 1, preorder_release: release }],
    });
    await expectInvariants(ctx.dbHandle);
  });

  it('is delivered from 00:00 Tallinn on its release day: keys in history, keys mail with the invoice, once', async () => {
    const game = await preorderGame(ctx, { releaseInDays: 5 });
    const shopper = await loginCustomer(ctx, { lang: 'en' });
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 2 }]);
    const codes = await importKeys(ctx, admin, game, 2);
    expect((await keysOfOrder(ctx, orderId)).map((k) => k.status)).toEqual(['reserved', 'reserved']);
    await expectInvariants(ctx.dbHandle);

    const preorders = preordersOf(ctx);
    const midnight = tallinnMidnight(dayIn(5));
    expect(await preorders.runDue(new Date(midnight.getTime() - MINUTE))).toBe(0);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');

    expect(await preorders.runDue(midnight)).toBe(1);
    expect(await preorders.runDue(new Date(midnight.getTime() + MINUTE))).toBe(0);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect((await keysOfOrder(ctx, orderId)).map((k) => k.status)).toEqual(['sold', 'sold']);
    const [listed] = await historyOf(shopper.client);
    expect(listed).toMatchObject({ id: orderId, status: 'paid', withdrawable: false, pending_items: [] });
    expect(listed?.items.map((item) => item.wcs_activation_key).sort()).toEqual([...codes].sort());

    const invoice = await invoiceOf(ctx, orderId);
    const mails = await mailsTo(ctx, shopper.customer.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['order_preorder', 'order_keys']);
    expect(mails[1]?.invoices).toEqual([invoice?.id]);
    await expectInvariants(ctx.dbHandle);
  });

  it('keeps imported keys for the pre-orders, oldest payment first, and never sells them to anyone else', async () => {
    const game = await preorderGame(ctx, { releaseInDays: 7 });
    const first = await loginCustomer(ctx);
    const second = await loginCustomer(ctx);
    const older = await buy(ctx, first.client, [{ productId: game.productId, quantity: 2 }]);
    const newer = await buy(ctx, second.client, [{ productId: game.productId, quantity: 1 }]);

    await importKeys(ctx, admin, game, 2);
    expect((await keysOfOrder(ctx, older.orderId)).map((k) => k.status)).toEqual(['reserved', 'reserved']);
    expect(await keysOfOrder(ctx, newer.orderId)).toEqual([]);

    // Pre-orders switched off: the game is sold from stock again, and the reserved keys are not stock.
    const off = await call(ctx.app, admin, 'PATCH', `/api/admin/products/${game.id}`, {
      preorderAllowed: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const buyer = await loginCustomer(ctx);
    const refused = await buyer.client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'OUT_OF_STOCK' });

    await importKeys(ctx, admin, game, 2);
    expect((await keysOfOrder(ctx, newer.orderId)).map((k) => k.status)).toEqual(['reserved']);
    // The fourth key was left for sale.
    const bought = await buy(ctx, buyer.client, [{ productId: game.productId, quantity: 1 }]);
    expect(await orderStatus(ctx, bought.orderId)).toBe('paid');

    expect(await preordersOf(ctx).runDue(tallinnMidnight(dayIn(7)))).toBe(2);
    expect(await orderStatus(ctx, older.orderId)).toBe('paid');
    expect(await orderStatus(ctx, newer.orderId)).toBe('paid');
    await expectInvariants(ctx.dbHandle);
  });

  it('is delivered as soon as its keys arrive after the release day began', async () => {
    const game = await preorderGame(ctx, { releaseInDays: 3 });
    const shopper = await loginCustomer(ctx);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 1 }]);
    const preorders = preordersOf(ctx);
    const midnight = tallinnMidnight(dayIn(3));
    expect(await preorders.runDue(midnight)).toBe(0);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');

    const [code] = await importKeys(ctx, admin, game, 1);
    expect(await preorders.runDue(new Date(midnight.getTime() + 5 * 3_600_000))).toBe(1);
    const [listed] = await historyOf(shopper.client);
    expect(listed).toMatchObject({ id: orderId, status: 'paid' });
    expect(listed?.items.map((item) => item.wcs_activation_key)).toEqual([code]);
    expect((await mailsTo(ctx, shopper.customer.email)).map((mail) => mail.kind)).toEqual([
      'order_preorder',
      'order_keys',
    ]);
    await expectInvariants(ctx.dbHandle);
  });
});
