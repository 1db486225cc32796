import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

/** A build manifest shaped like Vite's: the entry, two route modules, shared chunks and the texts. */
const manifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_react-R1.js', '_api-client-A1.js'],
    dynamicImports: ['src/app/routes/public-store.tsx', 'src/app/routes/store.tsx'],
  },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_api-client-A1.js': { file: 'assets/api-client-A1.js' },
  '_catalogue-view-C1.js': {
    file: 'assets/catalogue-view-C1.js',
    imports: ['_react-R1.js', '_format-F1.js'],
  },
  '_format-F1.js': { file: 'assets/format-F1.js' },
  'src/app/routes/public-store.tsx': {
    file: 'assets/public-store-P1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-R1.js', '_catalogue-view-C1.js'],
  },
  'src/app/routes/store.tsx': {
    file: 'assets/store-S1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_catalogue-view-C1.js'],
  },
  'src/app/routes/product.tsx': {
    file: 'assets/product-D1.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  '../../packages/core/src/i18n/locales/en.json?part=first': {
    file: 'assets/en-F1.js',
    isDynamicEntry: true,
  },
  '../../packages/core/src/i18n/locales/en.json?part=shop': { file: 'assets/en-T1.js', isDynamicEntry: true },
  '../../packages/core/src/i18n/locales/en.json?part=office': {
    file: 'assets/en-O1.js',
    isDynamicEntry: true,
  },
};

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Keyland: digital game activation keys." />
    <title>Keyland</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

interface FirstQuery {
  key: unknown[];
  data: unknown;
}

/** The first-data block of a page: its raw text and its parsed queries. */
function firstDataOf(html: string): { raw: string; queries: FirstQuery[] } {
  const match = /<script type="application\/json" id="keyland-first-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('No first-data block in the page');
  return { raw: match[1], queries: (JSON.parse(match[1]) as { queries: FirstQuery[] }).queries };
}

const dataOf = (html: string, key: unknown[]) =>
  firstDataOf(html).queries.find((query) => JSON.stringify(query.key) === JSON.stringify(key))?.data;

const imagesOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" data-ssr \/>/g)].map(
    (m) => m[1],
  );

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

describe(`shop pages carry their code preloads and first data (${testDbKind})`, () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));
  const nasty = 'Nasty </script><script>alert(1)</script> <!-- & \u2028';

  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://shop.keyland.example' });
    const { db } = ctx.dbHandle;
    for (let i = 1; i <= 14; i++) {
      await insertGame(
        db,
        ctx.keyVault,
        { providerId: `kl-shop-${i}`, title: `Orbit Tale ${String(i).padStart(2, '0')}`, platform: 'Steam' },
        { keys: 1 },
      );
    }
    await insertGame(
      db,
      ctx.keyVault,
      { providerId: 'kl-shop-nasty', title: nasty, platform: 'GOG', priceCents: 1999 },
      { keys: 1 },
    );
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie: `keyland_session=${cookie}` } : {} });
  const api = (url: string, body?: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: body === undefined ? '' : JSON.stringify(body),
    });

  it("preloads the route's chunks from the manifest, minus the entry's, and the English texts it shows", async () => {
    const html = (await get('/publicstore')).body;
    // A catalogue page: only the first part of the texts (the rest comes with another page or a dialog).
    expect(preloadsOf(html)).toEqual([
      '/assets/public-store-P1.js',
      '/assets/catalogue-view-C1.js',
      '/assets/format-F1.js',
      '/assets/en-F1.js',
    ]);
    // Every announced file is one the build wrote (the manifest's), none of the back office's texts.
    const files = new Set(Object.values(manifest).map((chunk) => `/${chunk.file}`));
    for (const url of preloadsOf(html)) expect(files).toContain(url);
    expect(html).not.toContain('en-O1.js');
    // The catalogue's own title and description (with its link-preview tags) replace index.html's.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Game keys · Keyland</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.indexOf('keyland-first-data')).toBeLessThan(html.indexOf('</head>'));
    expect(preloadsOf((await get('/')).body)[0]).toBe('/assets/public-store-P1.js');
    // A first visit shows the welcome splash: its poster is the largest image.
    expect(imagesOf(html)).toEqual(['/media/splash-poster.webp']);
  });

  it('inlines the same answers as the catalogue API for the address, under the web app keys', async () => {
    const response = await get('/publicstore?name=orbit&page=2');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    const filters = { name: 'orbit', platform: '', stockMin: 0, priceRange: [0, 100], onSale: false };
    const page = await api('/api/kl_api/catalog_paginated', { offset: 12, limit: 12, filters });
    expect(page.json()).toHaveLength(2);
    expect(
      dataOf(html, [
        'catalogue',
        'page',
        { name: 'orbit', platform: '', onSale: false, sort: 'relevance', page: 2 },
      ]),
    ).toEqual(page.json());
    const count = await api('/api/kl_api/count_games', { filters });
    expect(dataOf(html, ['catalogue', 'count', { name: 'orbit', platform: '', onSale: false }])).toEqual(
      count.json(),
    );
    const platforms = await api('/api/kl_api/get_platforms');
    expect(dataOf(html, ['catalogue', 'platforms'])).toEqual(platforms.json());
    expect(dataOf(html, ['session'])).toEqual({ user: null });
    // With filters the games show at once: the covers of the first row (two cards on a phone) load early.
    const games = page.json() as { cover: string }[];
    expect(imagesOf(html)).toEqual(games.map((game) => game.cover));

    // Page 1 by default; an address the API would refuse inlines no catalogue answer.
    const first = (await get('/publicstore?page=abc')).body;
    expect(
      dataOf(first, [
        'catalogue',
        'page',
        { name: '', platform: '', onSale: false, sort: 'relevance', page: 1 },
      ]),
    ).toHaveLength(12);
    const tooLong = (await get(`/publicstore?name=${'x'.repeat(101)}`)).body;
    expect(firstDataOf(tooLong).queries.map((query) => query.key[0])).toEqual(['session']);
  });

  it('escapes the data: a title with </script> cannot close the block or open a script', async () => {
    const html = (await get('/publicstore?platform=GOG')).body;
    const { raw } = firstDataOf(html);
    expect(raw).not.toMatch(/[<>]/);
    expect(raw).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(html).not.toContain('alert(1)</script>');
    // The module script of index.html and the data block: no other script element.
    expect(html.match(/<script/g)).toHaveLength(2);
    const page = dataOf(html, [
      'catalogue',
      'page',
      { name: '', platform: 'GOG', onSale: false, sort: 'relevance', page: 1 },
    ]) as {
      title: string;
    }[];
    expect(page.map((game) => game.title)).toEqual([nasty]);
  });

  it("carries a customer's session only in HTML that no cache may store", async () => {
    const { client, customer } = await loginCustomer(ctx);
    const response = await get('/store', client.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/kl_api/user_online',
      headers: { cookie: `keyland_session=${client.cookie}` },
    });
    expect(dataOf(response.body, ['session'])).toEqual(session.json());
    expect(dataOf(response.body, ['session'])).toMatchObject({ user: { email: customer.email } });
    expect(preloadsOf(response.body)[0]).toBe('/assets/store-S1.js');
    expect(
      dataOf(response.body, [
        'catalogue',
        'page',
        { name: '', platform: '', onSale: false, sort: 'relevance', page: 1 },
      ]),
    ).toHaveLength(12);

    // A visitor's page says nobody is logged in, may be revalidated, and /store (a redirect to the
    // login page for them) gets neither its code nor its games.
    const anonymous = await get('/store');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.body).not.toContain(customer.email);
    expect(firstDataOf(anonymous.body).queries).toEqual([{ key: ['session'], data: { user: null } }]);
    // Its way leads to the login page, which shows the rest of the shopper's texts too.
    expect(preloadsOf(anonymous.body)).toEqual(['/assets/en-F1.js', '/assets/en-T1.js']);
  });

  it("shows an admin the customers' view of the catalogue: no wholesale prices inlined", async () => {
    const { client } = await loginAdmin(ctx);
    const response = await get('/store', client.cookie);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(dataOf(response.body, ['session'])).toMatchObject({ user: { kl_user_role: 'admin' } });
    const { raw } = firstDataOf(response.body);
    // The wholesale buying price (priceBuy) is in admins' game details only, never in the inline block.
    expect(raw).not.toMatch(/priceBuy|wholesale/i);
    const publicPage = dataOf((await get('/publicstore')).body, [
      'catalogue',
      'page',
      { name: '', platform: '', onSale: false, sort: 'relevance', page: 1 },
    ]);
    expect(
      dataOf(response.body, [
        'catalogue',
        'page',
        { name: '', platform: '', onSale: false, sort: 'relevance', page: 1 },
      ]),
    ).toEqual(publicPage);
  });

  it('keeps the product head and adds the preloads, the session and the game as checkGameDetail answers it', async () => {
    const html = (await get('/product?title=x&session=kl-shop-1')).body;
    expect(html).toContain('<title>Orbit Tale 01 (Steam) | Keyland</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('application/ld+json');
    expect(preloadsOf(html)).toEqual(['/assets/product-D1.js', '/assets/en-F1.js', '/assets/en-T1.js']);
    const detail = await api('/api/kl_api/checkGameDetail', { providerId: 'kl-shop-1' });
    expect(firstDataOf(html).queries).toEqual([
      { key: ['session'], data: { user: null } },
      { key: ['product', 'detail', 'kl-shop-1'], data: (detail.json() as { game: unknown }).game },
    ]);
  });

  it('sends the page compressed to browsers that accept it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/publicstore',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toBe((await get('/publicstore')).body);
  });

  it('leaves other client routes with the plain index.html and does not serve the manifest', async () => {
    const login = await get('/login');
    expect(login.body).toBe(INDEX);
    const served = await get('/.vite/manifest.json');
    expect(served.statusCode).toBe(404);
    expect(served.body).not.toContain('public-store-P1.js');
  });
});
