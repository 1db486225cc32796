import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

type Client = ReturnType<typeof createClient>;

describe(`game detail, product fact sheet and saveGameDetailData (${testDbKind})`, () => {
  let ctx: TestContext;
  let visitor: Client;
  let customer: Client;
  let admin: Client;

  const login = async (role: 'user' | 'admin') => {
    const client = createClient(ctx.app);
    const { customer: row, password } = await insertCustomer(ctx.dbHandle.db, { role });
    const response = await client.post('/api/kl_api/login', { email: row.email, password });
    expect(response.statusCode).toBe(200);
    return client;
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    const { db } = ctx.dbHandle;
    const kv = ctx.keyVault;
    await insertGame(
      db,
      kv,
      {
        providerId: 'kl-detail-visible',
        productId: 'prod-visible',
        identifier: 'ID-VISIBLE',
        title: 'Lumen Drift',
        platform: 'Steam',
        priceCents: 2499,
        priceBuyCents: 1234,
        description: '<p>A <b>calm</b> puzzle game.</p>',
        photos: ['/media/covers/kl-detail-visible.svg?variant=b'],
        videos: [{ url: 'https://www.youtube.com/watch?v=abc', title: 'Trailer' }],
        categories: ['Puzzle'],
        minimumRequirements: 'OS: Windows 10',
        website: 'https://lumen.example',
        languages: 'English, Spanish',
      },
      { keys: 3 },
    );
    await insertGame(
      db,
      kv,
      { providerId: 'kl-detail-hidden', title: 'Secret Room', hidden: true },
      { keys: 2 },
    );
    await insertGame(db, kv, { providerId: 'kl-detail-soldout', title: 'Empty Shelf' }, { keys: 0 });
    await insertGame(
      db,
      kv,
      { providerId: 'kl-detail-free', title: 'Free Thing', priceCents: 0 },
      { keys: 2 },
    );
    visitor = createClient(ctx.app);
    customer = await login('user');
    admin = await login('admin');
  });

  afterAll(async () => ctx?.close());

  const detail = (client: Client, providerId: string, path = 'checkGameDetail') =>
    client.post(`/api/kl_api/${path}`, { providerId });

  describe('checkGameDetail and checkGameMeta', () => {
    it('answer the normalised detail of a visible game, prices in euros, stock from available keys', async () => {
      for (const path of ['checkGameDetail', 'checkGameMeta']) {
        const response = await detail(visitor, 'kl-detail-visible', path);
        expect(response.statusCode).toBe(200);
        const body = response.json() as { found: boolean; game: Record<string, unknown> };
        expect(body.found).toBe(true);
        expect(body.game).toMatchObject({
          name: 'Lumen Drift',
          platform: 'Steam',
          description: '<p>A <b>calm</b> puzzle game.</p>',
          released: '2024-03-15',
          website: 'https://lumen.example',
          rating: 0,
          ratings: [],
          platforms: ['Steam'],
          genres: ['Adventure'],
          developers: ['Keyland Test Studio'],
          publishers: ['Keyland Test Publishing'],
          photos: [{ url: '/media/covers/kl-detail-visible.svg?variant=b' }],
          videos: [{ url: 'https://www.youtube.com/watch?v=abc', title: 'Trailer' }],
          stores: [],
          minimumRequirements: 'OS: Windows 10',
          region: 'EU',
          language: 'English, Spanish',
          price: 24.99,
          priceSellWithTax: 24.99,
          priceSell: 20.15,
          provider_id: 'kl-detail-visible',
          productId: 'prod-visible',
          identifier: 'ID-VISIBLE',
          stock: 3,
          cover: '/media/covers/kl-detail-visible.svg',
        });
      }
    });

    it('never sends the wholesale price to visitors or customers, only to admins', async () => {
      for (const client of [visitor, customer]) {
        const response = await detail(client, 'kl-detail-visible');
        expect(response.json().game).not.toHaveProperty('priceBuy');
        expect(response.body).not.toMatch(/priceBuy|price_buy|12\.34/);
      }
      const asAdmin = await detail(admin, 'kl-detail-visible');
      expect(asAdmin.json().game.priceBuy).toBe(12.34);
      expect(asAdmin.headers['cache-control']).toBe('no-store');
      expect(asAdmin.headers.etag).toBeUndefined();
    });

    it('answers found: false for hidden, sold-out, free and unknown games, except hidden ones to admins', async () => {
      for (const id of ['kl-detail-hidden', 'kl-detail-soldout', 'kl-detail-free', 'kl-nope']) {
        for (const client of [visitor, customer]) {
          const response = await detail(client, id);
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({ found: false, game: null });
        }
      }
      expect((await detail(admin, 'kl-detail-hidden')).json()).toMatchObject({
        found: true,
        game: { name: 'Secret Room' },
      });
      expect((await detail(admin, 'kl-nope')).json()).toEqual({ found: false, game: null });
    });

    it('refuses a malformed provider id with 400', async () => {
      expect((await detail(visitor, '../etc')).statusCode).toBe(400);
      expect((await detail(visitor, 'x'.repeat(81))).statusCode).toBe(400);
      expect((await visitor.post('/api/kl_api/checkGameDetail', {})).statusCode).toBe(400);
    });

    it('answers visitors with an ETag and 304 when it still matches', async () => {
      const first = await detail(visitor, 'kl-detail-visible');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{43}"$/);
      expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      const again = await visitor.post(
        '/api/kl_api/checkGameDetail',
        { providerId: 'kl-detail-visible' },
        { 'if-none-match': etag },
      );
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Customers read the same body, so the same validator.
      expect((await detail(customer, 'kl-detail-visible')).headers.etag).toBe(etag);
    });
  });

  describe('product', () => {
    it('answers the supplier-style fact sheet built from our data', async () => {
      const response = await visitor.post('/api/kl_api/product', { productId: 'prod-visible' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        productId: 'prod-visible',
        identifier: 'ID-VISIBLE',
        officialTitle: 'Lumen Drift',
        factSheets: [{ territory: 'English', description: '<p>A <b>calm</b> puzzle game.</p>' }],
        releases: [{ territory: 'EU', status: 'Released', date: '2024-03-15' }],
        platform: 'Steam',
        category: 'Puzzle',
        developerName: 'Keyland Test Studio',
        developerHomepage: 'https://lumen.example',
        videos: [{ url: 'https://www.youtube.com/watch?v=abc', title: 'Trailer' }],
        photos: [{ url: '/media/covers/kl-detail-visible.svg?variant=b', territory: 'Worldwide' }],
        minimumRequirements: 'OS: Windows 10',
        inTheGameLanguages: [{ territory: 'English' }, { territory: 'Spanish' }],
      });
      expect(response.body).not.toMatch(/price/i);
    });

    it('answers 404 for unknown and non-visible products, 400 for a missing id', async () => {
      const response = await visitor.post('/api/kl_api/product', { productId: 'no-such-product' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
      const [hidden] = await queryRows<{ product_id: string }>(
        ctx.dbHandle,
        sql`select product_id from games where provider_id = 'kl-detail-hidden'`,
      );
      expect((await customer.post('/api/kl_api/product', { productId: hidden?.product_id })).statusCode).toBe(
        404,
      );
      expect((await admin.post('/api/kl_api/product', { productId: hidden?.product_id })).statusCode).toBe(
        200,
      );
      expect((await visitor.post('/api/kl_api/product', {})).statusCode).toBe(400);
    });
  });

  describe('saveGameDetailData', () => {
    const payload = {
      providerData: {
        providerId: 'kl-saved-1',
        productId: 'prod-saved-1',
        identifier: 'SAVED-1',
        name: 'Saved Horizon',
        platform: 'Xbox Series X|S',
        region: 'EU',
        languages: '["English", "French"]',
        price: 39.9,
        priceBuy: 21.5,
        releaseDate: '2023-11-02',
      },
      rawgData: {
        description: '<p>Fly.</p>',
        background_image: 'https://media.example/bg.jpg',
        website: 'https://horizon.example',
        rating: 4.3,
        ratings: '[{"title":"exceptional","count":10,"percent":62.5}]',
        platforms: '[{"platform":{"name":"Xbox Series S/X"}},{"platform":{"name":"PC"}}]',
        genres: '["Action", "Flight"]',
        tags: '{not json',
        developers: [{ name: 'Sky Works' }],
        publishers: 'null',
        stores: '[{"store":{"name":"Xbox Store"}}]',
        short_screenshots: '[{"image":"https://media.example/1.jpg"}]',
        movies: [{ name: 'Launch trailer', data: { max: 'https://media.example/t.mp4' } }],
        minimumRequirements: 'Xbox Series S',
      },
    };

    it('is refused without a session (401) and for customers (403)', async () => {
      const none = await visitor.post('/api/kl_api/saveGameDetailData', payload);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
      const user = await customer.post('/api/kl_api/saveGameDetailData', payload);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ error: 'FORBIDDEN' });
      expect((await detail(admin, 'kl-saved-1')).json().found).toBe(false);
    });

    it('creates a game for an admin, parsing JSON-text lists and turning unreadable ones into empty lists', async () => {
      const response = await admin.post('/api/kl_api/saveGameDetailData', payload);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { created: boolean; game: Record<string, unknown> };
      expect(body.created).toBe(true);
      expect(body.game).toMatchObject({
        name: 'Saved Horizon',
        platform: 'Xbox Series X|S',
        language: 'English, French',
        price: 39.9,
        priceBuy: 21.5,
        released: '2023-11-02',
        description: '<p>Fly.</p>',
        background_image: 'https://media.example/bg.jpg',
        rating: 4.3,
        ratings: [{ title: 'exceptional', count: 10, percent: 62.5 }],
        platforms: ['Xbox Series S/X', 'PC'],
        genres: ['Action', 'Flight'],
        tags: [],
        developers: ['Sky Works'],
        publishers: [],
        stores: ['Xbox Store'],
        photos: [{ url: 'https://media.example/1.jpg' }],
        videos: [{ url: 'https://media.example/t.mp4', title: 'Launch trailer' }],
        minimumRequirements: 'Xbox Series S',
        stock: 0,
        productId: 'prod-saved-1',
        slug: 'saved-horizon',
      });
      const [row] = await queryRows<{ price_cents: number; price_buy_cents: number; platform_group: string }>(
        ctx.dbHandle,
        sql`select price_cents, price_buy_cents, platform_group from games where provider_id = 'kl-saved-1'`,
      );
      expect(row).toEqual({ price_cents: 3990, price_buy_cents: 2150, platform_group: 'Xbox' });
    });

    it('updates by provider id, changing only the fields sent', async () => {
      const response = await admin.post('/api/kl_api/saveGameDetailData', {
        providerData: { providerId: 'kl-saved-1', price: 35 },
        rawgData: { tags: ['Flight', 'Open World'] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        created: false,
        game: {
          name: 'Saved Horizon',
          price: 35,
          priceBuy: 21.5,
          tags: ['Flight', 'Open World'],
          genres: ['Action', 'Flight'],
        },
      });
      const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
        ctx.dbHandle,
        sql`select count(*)::int as n from games where provider_id = 'kl-saved-1'`,
      );
      expect(n).toBe(1);
    });

    it('validates and bounds every field', async () => {
      const bad = [
        { providerData: { providerId: 'kl-new', name: 'X', platform: 'PC' } }, // a new game needs a price
        { providerData: { providerId: 'bad id!', name: 'X', platform: 'PC', price: 1 } },
        { providerData: { providerId: 'kl-new', name: 'X', platform: 'PC', price: 1.234 } },
        { providerData: { providerId: 'kl-new', name: 'X', platform: 'PC', price: -1 } },
        { providerData: { providerId: 'kl-new', name: 'x'.repeat(201), platform: 'PC', price: 1 } },
        {
          providerData: {
            providerId: 'kl-new',
            name: 'X',
            platform: 'PC',
            price: 1,
            cover: 'javascript:alert(1)',
          },
        },
        {
          providerData: { providerId: 'kl-new', name: 'X', platform: 'PC', price: 1 },
          rawgData: { rating: 7 },
        },
        {
          providerData: { providerId: 'kl-new', name: 'X', platform: 'PC', price: 1 },
          rawgData: { tags: Array.from({ length: 61 }, (_, i) => `t${i}`) },
        },
        {
          providerData: { providerId: 'kl-new', name: 'X', platform: 'PC', price: 1 },
          rawgData: { videos: [{ url: '//evil.example/x.mp4', title: 'x' }] },
        },
        {
          providerData: {
            providerId: 'kl-new',
            name: 'X',
            platform: 'PC',
            price: 1,
            releaseDate: '2024-13-40',
          },
        },
        { rawgData: {} },
      ];
      for (const body of bad) {
        const response = await admin.post('/api/kl_api/saveGameDetailData', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      }
      expect((await detail(admin, 'kl-new')).json().found).toBe(false);
    });

    it('refuses a productId that belongs to another game with 409', async () => {
      const response = await admin.post('/api/kl_api/saveGameDetailData', {
        providerData: { providerId: 'kl-saved-1', productId: 'prod-visible' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'CONFLICT' });
    });
  });

  it('documents the calls in the OpenAPI document with reusable schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
      components?: { schemas?: Record<string, unknown> };
    };
    for (const name of ['checkGameDetail', 'checkGameMeta', 'product', 'saveGameDetailData']) {
      expect(doc.paths[`/api/kl_api/${name}`]?.post, name).toBeDefined();
    }
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['GameDetail', 'GameDetailResponse', 'ProductFactSheet', 'RawgGameData']),
    );
  });
});
