import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { games, supplierProducts } from '../../src/db/schema/index.ts';
import { catalogueChanged } from '../../src/lib/catalogue-changed.ts';
import { createCodesWholesaleSupplier } from '../../src/modules/supplier/codeswholesale.adapter.ts';
import { createSupplierSyncService } from '../../src/modules/supplier/supplier-sync.service.ts';
import { createTestDb, queryRows } from '../helpers/test-db.ts';
import {
  type FakeCodesWholesale,
  makeProducts,
  startFakeCodesWholesale,
} from './fake-codeswholesale-server.ts';

let fake: FakeCodesWholesale;
let dbHandle: DbHandle;
const pricing = { marginPercent: 25, floorCents: 99 };

const service = () =>
  createSupplierSyncService({
    dbHandle,
    pricing,
    supplier: createCodesWholesaleSupplier({
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      baseDelayMs: 1,
      maxAttempts: 2,
    }),
  });

async function counts() {
  const [row] = await queryRows<{ total: number; hidden: number; listed: number }>(
    dbHandle,
    sql`select count(*)::int as total, count(*) filter (where g.hidden)::int as hidden,
        count(*) filter (where sp.listed)::int as listed
        from supplier_products sp join games g on g.id = sp.game_id`,
  );
  return row;
}

const gameOf = async (productId: string) =>
  (await dbHandle.db.select().from(games).where(eq(games.productId, productId)))[0];

beforeAll(async () => {
  fake = await startFakeCodesWholesale(makeProducts(5_000));
  fake.pageSize = 500;
  dbHandle = await createTestDb();
});
afterAll(async () => {
  await fake.close();
  await dbHandle.close();
});

describe('supplier sync', () => {
  it('imports 5,000 products with buying prices, quantities and rule prices, notifying after each page', async () => {
    let notified = 0;
    const stop = catalogueChanged.subscribe(() => notified++);
    const outcome = await service().run('admin');
    stop();
    expect(outcome.ran).toBe(true);
    if (!outcome.ran) return;
    expect(outcome.run).toMatchObject({
      status: 'completed',
      pages: 10,
      seen: 5000,
      created: 5000,
      updated: 0,
      delisted: 0,
    });
    expect(notified).toBeGreaterThanOrEqual(10);
    expect(await counts()).toEqual({ total: 5000, hidden: 0, listed: 5000 });
    const first = await gameOf(fake.products[0]?.productId ?? '');
    // 5.37 € + 25 % = 6.71 → 6.99 €.
    expect(first).toMatchObject({
      title: 'Supplier Game 0',
      priceBuyCents: 537,
      priceCents: 699,
      hidden: false,
    });
  }, 120_000);

  it('re-runs idempotently, then applies price and stock changes; delisted games are hidden, admin-hidden stay hidden', async () => {
    const again = await service().run('schedule');
    expect(again.ran && again.run).toMatchObject({ created: 0, updated: 0, unchanged: 5000, delisted: 0 });

    // An admin hides game 1 and sets its own price on game 2.
    const hiddenByAdmin = await gameOf(fake.products[1]?.productId ?? '');
    await dbHandle.db
      .update(games)
      .set({ hidden: true })
      .where(eq(games.id, hiddenByAdmin?.id ?? 0));
    const overridden = await gameOf(fake.products[2]?.productId ?? '');
    await dbHandle.db
      .update(supplierProducts)
      .set({ priceOverrideCents: 4242 })
      .where(eq(supplierProducts.gameId, overridden?.id ?? 0));

    // The supplier changes prices and stock, and stops selling games 1 and 3.
    const [p0, p1, p2, p3] = fake.products;
    if (!p0 || !p1 || !p2 || !p3) throw new Error('fixtures');
    p0.prices[0] = { from: 1, to: 10, value: 20 };
    p2.prices[0] = { from: 1, to: 10, value: 30 };
    fake.products[4] = { ...(fake.products[4] as (typeof fake.products)[number]), quantity: 0 };
    fake.products = fake.products.filter((p) => p !== p1 && p !== p3);

    const changed = await service().run('schedule');
    expect(changed.ran && changed.run).toMatchObject({ seen: 4998, created: 0, updated: 3, delisted: 2 });
    expect(await gameOf(p0.productId)).toMatchObject({ priceBuyCents: 2000, priceCents: 2599 });
    expect(await gameOf(p2.productId)).toMatchObject({ priceBuyCents: 3000, priceCents: 4242 });
    expect(await gameOf(p3.productId)).toMatchObject({ hidden: true });
    expect(await counts()).toEqual({ total: 5000, hidden: 2, listed: 4998 });

    // Both come back on sale: the one the sync hid is shown again, the admin's stays hidden.
    fake.products.push(p1, p3);
    const back = await service().run('schedule');
    expect(back.ran && back.run).toMatchObject({ created: 0, updated: 2, delisted: 0 });
    expect(await gameOf(p3.productId)).toMatchObject({ hidden: false });
    expect(await gameOf(p1.productId)).toMatchObject({ hidden: true });
    expect(await counts()).toEqual({ total: 5000, hidden: 1, listed: 5000 });
  }, 120_000);

  it('resumes an interrupted run from its last committed page, never running twice at once', async () => {
    fake.products.push(...makeProducts(20, 10_000));
    // Page 4 fails on both attempts: the run stops after 3 committed pages.
    let page = 0;
    const sync = service();
    const flaky = createSupplierSyncService({
      dbHandle,
      pricing,
      supplier: {
        ...createCodesWholesaleSupplier({
          baseUrl: fake.url,
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
        }),
        listProducts: async (cursor) => {
          page++;
          if (page === 4) throw new Error('connection reset');
          return createCodesWholesaleSupplier({
            baseUrl: fake.url,
            clientId: fake.clientId,
            clientSecret: fake.clientSecret,
          }).listProducts(cursor);
        },
      },
    });
    const broken = await flaky.run('admin');
    expect(broken.ran && broken.run).toMatchObject({ status: 'failed', pages: 3, error: 'connection reset' });
    // The partial run delisted nothing (the new products sit on later pages).
    expect(await counts()).toEqual({ total: 5000, hidden: 1, listed: 5000 });

    // Two at once: one runs, the other is refused by the lock.
    fake.requests.length = 0;
    const [a, b] = await Promise.all([sync.run('admin'), service().run('schedule')]);
    const ran = [a, b].filter((o) => o.ran);
    expect(ran).toHaveLength(1);
    const resumed = ran[0]?.ran ? ran[0].run : undefined;
    expect(resumed).toMatchObject({
      id: broken.ran ? broken.run.id : -1,
      status: 'completed',
      pages: 11,
      seen: 5020,
    });
    // It fetched only the pages after the third one.
    expect(fake.requests.filter((r) => r === 'GET /v3/products')).toHaveLength(8);
    expect(await counts()).toEqual({ total: 5020, hidden: 1, listed: 5020 });
  }, 120_000);
});
