import { centsToEuros } from '@keyland/core/money';
import { completedOrdersResponseSchema } from '@keyland/core/schemas/orders';
import { basisPointsToPercent } from '@keyland/core/vat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicesRepository } from '../../src/modules/invoices/invoices.repository.ts';
import { createOrdersRepository } from '../../src/modules/orders/orders.repository.ts';
import { createStockRepository } from '../../src/modules/stock/stock.repository.ts';
import { buy, type Client, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { startCheckout } from '../helpers/checkout.ts';
import { countQueries } from '../helpers/query-count.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { forgeRows, testDbKind } from '../helpers/test-db.ts';

/**
 * The purchase history as it was read before it was batched: one order at a time, its lines, its sold
 * keys (decrypted) and its invoice each read on their own. The endpoint must answer exactly this.
 */
async function historyReadOrderByOrder(ctx: TestContext, customerId: number) {
  const { db } = ctx.dbHandle;
  const repository = createOrdersRepository(db);
  const answer = [];
  for (const order of await repository.paidOrdersOf(customerId)) {
    const lines = await repository.lines(order.id);
    const keys = new Map<number, { code: string; keyId: number }[]>(lines.map((line) => [line.id, []]));
    for (const key of await createStockRepository(db).soldKeys(order.id))
      keys.get(key.orderLineId)?.push({ code: ctx.keyVault.decrypt(key.codeCiphertext), keyId: key.keyId });
    const invoice = await createInvoicesRepository(db).ofOrder(order.id, 'invoice');
    const delivered = [...keys.values()].some((codes) => codes.length > 0);
    answer.push({
      id: order.id,
      date: (order.paidAt ?? order.createdAt).toISOString(),
      items: lines.flatMap((line) =>
        (keys.get(line.id) ?? []).map(({ code, keyId }) => ({
          title: line.title,
          price: centsToEuros(line.unitPriceCents),
          wcs_activation_key: code,
          platform: line.platform,
          providerId: line.providerId,
          key_id: keyId,
        })),
      ),
      total: centsToEuros(order.amountTotalCents),
      amount_untaxed: centsToEuros(order.amountUntaxedCents),
      amount_tax: centsToEuros(order.amountTaxCents),
      tax_percent: basisPointsToPercent(order.vatBasisPoints ?? 0),
      status: order.status === 'awaiting_keys' ? 'awaiting_keys' : 'paid',
      invoice_id: invoice?.id ?? null,
      pending_items: lines
        .map((line) => ({ line, missing: line.quantity - (keys.get(line.id)?.length ?? 0) }))
        .filter(({ missing }) => missing > 0)
        .map(({ line, missing }) => ({ title: line.title, platform: line.platform, quantity: missing })),
      withdrawable: order.status === 'awaiting_keys' && !delivered,
      // No key of these orders was claimed as defective (claims are tested in test/claims).
      claims: [],
      // The default CLAIM_RESOLUTION_HOURS, told to the customer with every order.
      claim_hours: 72,
    });
  }
  return JSON.stringify(completedOrdersResponseSchema.parse(answer));
}

type HistoryOrder = {
  id: number;
  items: { title: string; wcs_activation_key: string }[];
  status: string;
  invoice_id: number | null;
  pending_items: { title: string; quantity: number }[];
  withdrawable: boolean;
};

describe(`purchase history (${testDbKind})`, () => {
  let ctx: TestContext;
  let shopper: { client: Client; customer: { id: number } };
  const orders = { delivered: 0, noInvoice: 0, awaiting: 0, partial: 0, hidden: 0, other: 0 };
  let historyOf: (client: Client) => ReturnType<Client['post']>;

  let counter = 0;
  const game = async (title: string, keys = 4) =>
    (await insertGame(ctx.dbHandle.db, ctx.keyVault, { title, priceCents: 1000 + 250 * counter++ }, { keys }))
      .game;

  beforeAll(async () => {
    ctx = await buildTestApp({
      PUBLIC_URL: 'http://store.test',
      LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789',
    });
    historyOf = (client) => client.post('/api/kl_api/get_completed_orders', {});
    shopper = await loginCustomer(ctx, { countryId: 109, fullName: 'Giulia Rossi', lang: 'en' });
    const [solo, duoA, duoB, preorder, partial, hidden, otherGame] = [
      await game('Solo Quest'),
      await game('Duo Racer'),
      await game('Duo Builder'),
      await game('Preorder Saga'),
      await game('Half Delivered'),
      await game('Hidden Tale'),
      await game('Other Shopper Game'),
    ];
    const buyFor = async (client: Client, lines: [typeof solo, number][]) =>
      (
        await buy(
          ctx,
          client,
          lines.map(([g, quantity]) => ({ productId: g.productId, quantity })),
        )
      ).orderId;

    // Paid and delivered, with its invoice.
    orders.delivered = await buyFor(shopper.client, [[solo, 2]]);
    // Paid, two lines, and no invoice (orders from before invoicing).
    orders.noInvoice = await buyFor(shopper.client, [
      [duoA, 1],
      [duoB, 2],
    ]);
    // Invoices are immutable: the guard is lifted for this one delete only.
    await ctx.dbHandle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoices disable trigger invoices_immutable`);
      await tx.execute(sql`delete from invoices where order_id = ${orders.noInvoice}`);
      await tx.execute(sql`alter table invoices enable trigger invoices_immutable`);
    });
    // Paid, awaiting every key: withdrawable.
    orders.awaiting = await buyFor(shopper.client, [[preorder, 2]]);
    // Forged past the state guards (the supplier flow that makes such orders is not part of this test).
    await forgeRows(
      ctx.dbHandle,
      sql`update game_keys set status = 'reserved', sold_at = null, reserved_until = now() + interval '1 day' where order_id = ${orders.awaiting}`,
      sql`update orders set status = 'awaiting_keys' where id = ${orders.awaiting}`,
    );
    // Paid, one of two keys delivered: no longer withdrawable.
    orders.partial = await buyFor(shopper.client, [
      [partial, 2],
      [solo, 1],
    ]);
    await forgeRows(
      ctx.dbHandle,
      sql`update game_keys set status = 'reserved', sold_at = null, reserved_until = now() + interval '1 day'
          where id = (select min(id) from game_keys where order_id = ${orders.partial} and game_id = ${partial.id})`,
      sql`update orders set status = 'awaiting_keys' where id = ${orders.partial}`,
    );
    // Hidden by the customer, another customer's order and an unpaid one: never listed.
    orders.hidden = await buyFor(shopper.client, [[hidden, 1]]);
    expect(
      (await shopper.client.post('/api/kl_api/delete_order', { orderId: orders.hidden })).statusCode,
    ).toBe(200);
    const other = await loginCustomer(ctx, { countryId: 109 });
    orders.other = await buyFor(other.client, [[otherGame, 1]]);
    await shopper.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: solo.productId });
    expect((await startCheckout(shopper.client)).status).toBe(200);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('answers, byte for byte, what reading the orders one at a time answers', async () => {
    const response = await historyOf(shopper.client);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(await historyReadOrderByOrder(ctx, shopper.customer.id));

    // The orders it covers are the ones the test built, each as expected.
    const history = response.json() as HistoryOrder[];
    expect(history.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      [orders.delivered, orders.noInvoice, orders.awaiting, orders.partial].sort((a, b) => a - b),
    );
    const byId = new Map(history.map((o) => [o.id, o]));
    expect(byId.get(orders.delivered)).toMatchObject({
      status: 'paid',
      invoice_id: expect.any(Number),
      pending_items: [],
      withdrawable: false,
    });
    expect(byId.get(orders.delivered)?.items).toHaveLength(2);
    expect(byId.get(orders.noInvoice)).toMatchObject({ status: 'paid', invoice_id: null });
    expect(byId.get(orders.noInvoice)?.items.map((i) => i.title)).toEqual([
      'Duo Racer',
      'Duo Builder',
      'Duo Builder',
    ]);
    expect(byId.get(orders.awaiting)).toMatchObject({
      status: 'awaiting_keys',
      items: [],
      invoice_id: expect.any(Number),
      pending_items: [{ title: 'Preorder Saga', quantity: 2 }],
      withdrawable: true,
    });
    expect(byId.get(orders.partial)).toMatchObject({
      status: 'awaiting_keys',
      pending_items: [{ title: 'Half Delivered', quantity: 1 }],
      withdrawable: false,
    });
    expect(byId.get(orders.partial)?.items.map((i) => i.title)).toEqual(['Half Delivered', 'Solo Quest']);
  });

  it('reads a whole page with the same number of queries, however many orders it holds', async () => {
    const few = await loginCustomer(ctx, { countryId: 109 });
    const oneGame = await game('Single Order Game');
    await buy(ctx, few.client, [{ productId: oneGame.productId, quantity: 1 }]);

    // Mail sent after the purchases is out of the way, and the scheduled rounds (pre-orders, gifts, invoice
    // numbers, sweeps) are stopped, so only the history's own queries are counted (the last test here).
    await ctx.app.mailDispatcher.drain();
    await Promise.all([...ctx.app.scheduledJobs.values()].map((job) => job.stop()));
    const history = ctx.app.orders;
    const one = await countQueries(ctx.dbHandle, () => history.history(few.customer.id));
    const four = await countQueries(ctx.dbHandle, () => history.history(shopper.customer.id));
    expect(one.result).toHaveLength(1);
    expect(four.result).toHaveLength(4);
    // The orders, then their lines, sold keys, invoices, defective keys, key claims and gifts.
    expect(four.queries).toBe(7);
    expect(one.queries).toBe(7);
  });
});
