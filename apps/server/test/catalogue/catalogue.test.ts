import { sql } from 'drizzle-orm';
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
  release_date: string | null;
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
  it('combines name, platform, price range and minimum stock in one query, and counts the same', async () => {
    const filters = { name: 'filler quest', platform: 'PlayStation 5', priceRange: [5.05, 5.1], stockMin: 2 };
    const games = await page({ filters });
    expect(games.map((g) => g.title).sort()).toEqual([
      'Filler Quest 10',
      'Filler Quest 5',
      'Filler Quest 6',
      'Filler Quest 7',
      'Filler Quest 8',
      'Filler Quest 9',
    ]);
    expect((await count({ filters })).total).toBe(6);
    // Each filter alone narrows: another platform, a higher minimum stock, a name typo, a price outside.
    expect(await page({ filters: { ...filters, platform: 'Steam' } })).toEqual([]);
    expect(await page({ filters: { ...filters, stockMin: 3 } })).toEqual([]);
    expect((await page({ filters: { ...filters, name: 'Filer Quest' } })).length).toBe(6);
    expect(await page({ filters: { ...filters, priceRange: [6, 7] } })).toEqual([]);
    // Reversed bounds are read as a range.
    expect((await count({ filters: { ...filters, priceRange: [5.1, 5.05] } })).total).toBe(6);
  });

  it('matches LIKE wildcards literally and tolerates an accent typed on the wrong letter', async () => {
    expect(await page({ filters: { name: '%' } })).toEqual([]);
    expect((await page({ filters: { name: 'CRÓNICA DE EBANÓ' } })).map((g) => g.title)).toEqual([
      'Crónica de Ébano',
    ]);
  });

  it('orders by relevance when a name is given: the closest title first', async () => {
    const titles = (await page({ filters: { name: 'neon harbor 2' } })).map((g) => g.title);
    expect(titles[0]).toBe('Neon Harbor 2');
    expect(titles).toContain('Neon Harbor');
  });

  it('pages through a stable order: last page partial, an exact end empty, past the end empty', async () => {
    const pageSize = 5;
    const seen: string[] = [];
    for (let offset = 0; offset < 23; offset += pageSize) {
      const games = await page({ offset, limit: pageSize });
      expect(games.length).toBe(Math.min(pageSize, 23 - offset));
      seen.push(...games.map((g) => g.providerId));
    }
    expect(new Set(seen).size).toBe(23);
    expect((await page({ offset: 20, limit: 12 })).length).toBe(3);
    expect(await page({ offset: 23, limit: 12 })).toEqual([]);
    expect(await page({ offset: 1_000_000, limit: 12 })).toEqual([]);
    expect(await page({ offset: 0, limit: 12, filters: { name: 'zzzz qqqq xxxx' } })).toEqual([]);
    expect((await count({ filters: { name: 'zzzz qqqq xxxx' } })).total).toBe(0);
    // The same request twice answers the same order.
    expect(await page({ offset: 5, limit: 10 })).toEqual(await page({ offset: 5, limit: 10 }));
  });

  it('sorts by price, release date and title on request', async () => {
    const all = async (sort: string) => {
      const first = await page({ offset: 0, limit: 48, sort });
      expect(first).toHaveLength(23);
      return first;
    };
    const asc = (await all('price_asc')).map((g) => g.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await all('price_desc')).map((g) => g.price);
    expect(desc).toEqual([...asc].reverse());
    const titles = (await all('title_asc')).map((g) => g.title);
    expect(titles[0]).toBe('Crónica de Ébano');
    expect(titles.at(-1)).toBe('Neon Harbor 2');
    const released = (await all('release_desc')).map((g) => g.release_date ?? '');
    expect(released).toEqual([...released].sort().reverse());
    expect((await client.post('/api/kl_api/catalog_paginated', { sort: 'random' })).statusCode).toBe(400);
  });

  it('answers the public catalogue calls with a strong ETag and 304 when If-None-Match matches', async () => {
    const calls: [string, unknown][] = [
      ['/api/kl_api/catalog_paginated', { offset: 0, limit: 12 }],
      ['/api/kl_api/count_games', { filters: { platform: 'Steam' } }],
      ['/api/kl_api/get_platforms', undefined],
    ];
    for (const [url, body] of calls) {
      const first = await client.post(url, body);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{43}"$/);
      expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      const hit = await client.post(url, body, { 'if-none-match': etag });
      expect(hit.statusCode).toBe(304);
      expect(hit.body).toBe('');
      expect(hit.headers.etag).toBe(etag);
      expect((await client.post(url, body, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      const miss = await client.post(url, body, { 'if-none-match': '"stale"' });
      expect(miss.statusCode).toBe(200);
      expect(miss.body).toBe(first.body);
    }
    // A different answer has a different validator, so an old one never hides a change.
    const other = await client.post('/api/kl_api/catalog_paginated', { offset: 12, limit: 12 });
    const first = await client.post('/api/kl_api/catalog_paginated', { offset: 0, limit: 12 });
    expect(other.headers.etag).not.toBe(first.headers.etag);
    // Errors carry no validator.
    const error = await client.post('/api/kl_api/catalog_paginated', { limit: 49 });
    expect(error.statusCode).toBe(400);
    expect(error.headers.etag).toBeUndefined();
  });

  it('changes the ETag when the stock of a listed game changes', async () => {
    const body = { filters: { name: 'Crónica de Ébano' } };
    const before = await client.post('/api/kl_api/catalog_paginated', body);
    await ctx.dbHandle.db.execute(
      sql`delete from game_keys where id = (select k.id from game_keys k join games g on g.id = k.game_id where g.title = 'Crónica de Ébano' limit 1)`,
    );
    const after = await client.post('/api/kl_api/catalog_paginated', body, {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Game[])[0]?.stock).toBe(2);
  });
});
