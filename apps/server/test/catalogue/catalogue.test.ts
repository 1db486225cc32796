import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

interface Game {
  providerId: string;
  title: string;
  price: number;
  price_sell: number;
  price_sell_taxed: number;
  stock: number;
  platform: string;
  cover: string;
  price_buy?: unknown;
}

describe(`catalogue calls (${testDbKind})`, () => {
  let ctx: TestContext;
  let client: ReturnType<typeof createClient>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    client = createClient(ctx.app);
    const { db } = ctx.dbHandle;
    const kv = ctx.keyVault;
    await insertGame(db, kv, { title: 'Crónica de Ébano', platform: 'Steam', priceCents: 1999 }, { keys: 3 });
    await insertGame(db, kv, { title: 'Neon Harbor', platform: 'Xbox One', priceCents: 4999 }, { keys: 12 });
    await insertGame(
      db,
      kv,
      { title: 'Neon Harbor 2', platform: 'Steam', priceCents: 2999, coverUrl: null },
      { keys: 1 },
    );
    await insertGame(db, kv, { title: 'Free Lunch', platform: 'Steam', priceCents: 0 }, { keys: 4 });
    await insertGame(db, kv, { title: 'Sold Out Saga', platform: 'Steam', priceCents: 999 }, { keys: 0 });
    await insertGame(
      db,
      kv,
      { title: 'Hidden Gem', platform: 'Steam', priceCents: 999, hidden: true },
      { keys: 2 },
    );
    for (let i = 0; i < 20; i++) {
      await insertGame(
        db,
        kv,
        { title: `Filler Quest ${i}`, platform: 'PlayStation 5', priceCents: 500 + i },
        { keys: 2 },
      );
    }
  });

  afterAll(async () => ctx?.close());

  const page = async (body: unknown) => {
    const response = await client.post('/api/kl_api/catalog_paginated', body);
    expect(response.statusCode).toBe(200);
    return response.json() as Game[];
  };
  const count = async (body: unknown) =>
    (await client.post('/api/kl_api/count_games', body)).json() as { total: number };

  it('lists only games with a price, keys to sell and not hidden, 12 per page', async () => {
    const first = await page({ offset: 0, limit: 12 });
    expect(first).toHaveLength(12);
    expect((await count({})).total).toBe(23);
    const all = [...first, ...(await page({ offset: 12, limit: 12 }))];
    expect(all).toHaveLength(23);
    const titles = all.map((g) => g.title);
    expect(titles).not.toContain('Free Lunch');
    expect(titles).not.toContain('Sold Out Saga');
    expect(titles).not.toContain('Hidden Gem');
    expect(await page({ offset: 100, limit: 12 })).toEqual([]);
  });

  it('answers prices in euros with VAT, stock computed from available keys, fallbacks and no wholesale price', async () => {
    const [neon] = await page({ filters: { name: 'Neon Harbor', platform: 'Xbox One' } });
    expect(neon).toMatchObject({ title: 'Neon Harbor', price: 49.99, price_sell_taxed: 49.99, stock: 12 });
    expect(neon?.price_sell).toBe(40.31); // 49.99 with Estonia's 24 % VAT taken out
    expect(neon).not.toHaveProperty('price_buy');
    const [sequel] = await page({ filters: { name: 'Neon Harbor 2', platform: 'Steam' } });
    expect(sequel?.cover).toBe('/media/cover-placeholder.svg');
  });

  it('filters by name ignoring case and accents, and tolerates a typo', async () => {
    expect((await page({ filters: { name: 'cronica de ebano' } })).map((g) => g.title)).toEqual([
      'Crónica de Ébano',
    ]);
    expect((await page({ filters: { name: 'NEON' } })).map((g) => g.title).sort()).toEqual([
      'Neon Harbor',
      'Neon Harbor 2',
    ]);
    expect((await page({ filters: { name: 'Neon Harbr' } }))[0]?.title).toMatch(/^Neon Harbor/);
  });

  it('combines platform, price range and minimum stock, and counts with the same filters', async () => {
    const filters = { platform: 'Steam', priceRange: [10, 25], stockMin: 2 };
    const games = await page({ filters });
    expect(games.map((g) => g.title)).toEqual(['Crónica de Ébano']);
    expect((await count({ filters })).total).toBe(1);
    expect((await count({ platform: 'PlayStation 5' })).total).toBe(20);
    expect(
      (await count({ filters: { platform: 'PlayStation 5' }, name: 'Filler Quest 1' })).total,
    ).toBeGreaterThanOrEqual(1);
  });

  it('lists the platforms of the visible catalogue', async () => {
    const response = await client.post('/api/kl_api/get_platforms');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['PlayStation 5', 'Steam', 'Xbox One']);
  });

  it('refuses a page size above 48 and negative offsets', async () => {
    expect((await client.post('/api/kl_api/catalog_paginated', { offset: 0, limit: 49 })).statusCode).toBe(
      400,
    );
    expect((await client.post('/api/kl_api/catalog_paginated', { offset: -1, limit: 12 })).statusCode).toBe(
      400,
    );
  });
});
