import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pagePatterns } from '@keyland/core/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema/index.ts';
import { catalogueChanged } from '../../src/lib/catalogue-changed.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Keyland: digital game activation keys." />
    <title>Keyland</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SHOP = 'https://shop.keyland.example';

describe(`storefront basics: 404s, robots.txt, sitemap, link previews (${testDbKind})`, () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: SHOP });
    const { db } = ctx.dbHandle;
    await insertGame(db, ctx.keyVault, { providerId: 'kl-seo-1', slug: 'orbit-tale', title: 'Orbit Tale' });
    await insertGame(db, ctx.keyVault, { providerId: 'kl-seo-hidden', slug: 'hidden', hidden: true });
    await insertGame(db, ctx.keyVault, { providerId: 'kl-seo-sold-out', slug: 'sold-out' }, { keys: 0 });
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  describe('unknown pages', () => {
    it('answers every page of the app with 200 and the app', async () => {
      for (const pattern of pagePatterns) {
        const url = pattern.replace(':id', '7');
        const response = await get(url);
        // The product page needs a game: it is checked below.
        if (url === '/product') continue;
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('<div id="root"></div>');
      }
      expect((await get('/history/')).statusCode).toBe(200);
    });

    it('answers any other path with 404 and the same app, which shows its not-found page', async () => {
      for (const url of ['/no-such-page', '/login/extra', '/admin/orders/1/2', '/checkout/other?x=1']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body, url).toContain('<div id="root"></div>');
        expect(response.body, url).toContain('<meta name="robots" content="noindex" data-ssr />');
      }
      // Files and API paths keep the JSON error contract.
      expect((await get('/api/nope')).json()).toEqual({ error: 'NOT_FOUND', message: 'Not found' });
      expect((await get('/nothing.js')).headers['content-type']).toContain('application/json');
    });

    it('answers 404 for the product page of a game that does not exist or is not shown', async () => {
      for (const url of [
        '/product?title=x&session=kl-seo-nope',
        '/product?title=x&session=kl-seo-hidden',
        '/product?title=x&session=%3Cscript%3E',
        '/product',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).toContain('<div id="root"></div>');
      }
      expect((await get('/product?title=orbit-tale&session=kl-seo-1')).statusCode).toBe(200);
    });
  });

  it('serves robots.txt: the shop allowed, private paths disallowed, the sitemap by its absolute URL', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/store',
      '/History',
      '/profile',
      '/wishlist',
      '/login',
      '/checkout',
      '/admin',
      '/api/',
    ])
      expect(lines, path).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /product');
    expect(lines).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
  });

  it('lists the visible games in the sitemap, as the web app links them, with lastmod', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const [row] = await ctx.dbHandle.db
      .select({ updatedAt: games.updatedAt })
      .from(games)
      .where(eq(games.providerId, 'kl-seo-1'));
    const lastmod = row?.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(xml).toContain(
      `<url><loc>${SHOP}/product?title=orbit-tale&amp;session=kl-seo-1</loc><lastmod>${lastmod}</lastmod></url>`,
    );
    expect(xml).toContain(`<url><loc>${SHOP}/terms</loc></url>`);
    expect(xml).not.toContain('kl-seo-hidden');
    expect(xml).not.toContain('kl-seo-sold-out');
    // One file: no parts.
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
  });

  it('keeps the sitemap in memory and builds it again when the catalogue changes', async () => {
    await get('/sitemap.xml');
    await insertGame(ctx.dbHandle.db, ctx.keyVault, { providerId: 'kl-seo-new', slug: 'new-game' });
    // The factory writes without signalling: the kept sitemap is served.
    expect((await get('/sitemap.xml')).body).not.toContain('kl-seo-new');
    catalogueChanged.notify();
    expect((await get('/sitemap.xml')).body).toContain(
      `${SHOP}/product?title=new-game&amp;session=kl-seo-new`,
    );
  });

  describe('link previews', () => {
    it('gives the home, catalogue and legal pages Open Graph and Twitter card tags with a PNG image', async () => {
      for (const url of ['/', '/publicstore', '/terms', '/policy', '/cookies', '/legal', '/contactPage']) {
        const html = (await get(url)).body;
        expect(html.match(/<title>/g), url).toHaveLength(1);
        expect(html, url).toContain('<meta property="og:type" content="website" data-ssr />');
        expect(html, url).toContain(`<meta property="og:url" content="${SHOP}${url}" data-ssr />`);
        expect(html, url).toContain(`<meta property="og:image" content="${SHOP}/og-image.png" data-ssr />`);
        expect(html, url).toContain('<meta property="og:image:width" content="1200" data-ssr />');
        expect(html, url).toContain('<meta property="og:image:height" content="630" data-ssr />');
        expect(html, url).toContain('<meta name="twitter:card" content="summary_large_image" data-ssr />');
        expect(html, url).toContain(`<meta name="twitter:image" content="${SHOP}/og-image.png" data-ssr />`);
      }
      const terms = (await get('/terms')).body;
      expect(terms).toContain('<title>Terms and conditions · Keyland</title>');
      expect(terms).toContain(
        '<meta property="og:title" content="Terms and conditions · Keyland" data-ssr />',
      );
    });

    it("writes them in the caller's language (Accept-Language) and says the page varies with it", async () => {
      const response = await get('/terms', { 'accept-language': 'en;q=0.3, de-AT;q=0.9' });
      expect(response.headers.vary).toContain('Accept-Language');
      expect(response.body).toContain('<title>Allgemeine Geschäftsbedingungen · Keyland</title>');
    });

    it('leaves account pages and 404s without them', async () => {
      for (const url of ['/login', '/store', '/no-such-page'])
        expect((await get(url)).body, url).not.toContain('og:');
    });
  });
});
