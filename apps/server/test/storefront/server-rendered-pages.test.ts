import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatEuros } from '@keyland/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { ensureWebBuild } from '../helpers/web-build.ts';

/*
 * The shop's pages rendered by the server (docs/decisions/034), read as a browser without JavaScript or a
 * crawler reads them: plain GETs of the real web build, whose server bundle renders them.
 */

type Texts = Record<string, Record<string, unknown>>;
const locales = path.resolve(import.meta.dirname, '../../../../packages/core/src/i18n/locales');
const texts = (language: string) =>
  JSON.parse(readFileSync(path.join(locales, `${language}.json`), 'utf8')) as Texts;
const en = texts('en');
const de = texts('de');
const text = (from: Texts, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], from) as string;

/** What the page shows: the HTML inside #root, as the server rendered it. */
function rootOf(html: string): string {
  const match = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html);
  if (!match?.[1]) throw new Error('Nothing rendered inside #root');
  return match[1];
}

const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

describe(`shop pages rendered by the server, without JavaScript (${testDbKind})`, () => {
  let ctx: TestContext;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await buildTestApp({ WEB_DIST_DIR: ensureWebBuild(), PUBLIC_URL: 'https://shop.keyland.example' });
    for (let i = 1; i <= 14; i++) {
      await insertGame(
        ctx.dbHandle.db,
        ctx.keyVault,
        {
          providerId: `kl-ssr-${i}`,
          title: `Quartz Harbour ${String(i).padStart(2, '0')}`,
          priceCents: 1000 + i,
          photos: [`/media/photos/kl-ssr-${i}.webp`],
        },
        { keys: 2 },
      );
    }
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it("renders the catalogue's first screen: header, filters, cards with titles, covers and prices, page links", async () => {
    const response = await get('/publicstore?name=quartz');
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain(`<h1`);
    expect(root).toContain(text(en, 'catalogue.title'));
    expect(root).toContain(text(en, 'nav.main'));
    expect(root).toContain(text(en, 'catalogue.searchLabel'));
    const cards = root.match(/data-testid="game-card"/g) ?? [];
    expect(cards).toHaveLength(12);
    for (let i = 1; i <= 12; i++) {
      expect(root).toContain(`Quartz Harbour ${String(i).padStart(2, '0')}`);
      expect(root).toContain(formatEuros(1000 + i, 'en'));
      expect(root).toContain(`src="/media/covers/kl-ssr-${i}.svg"`);
      expect(root).toContain(
        `href="/product?title=quartz-harbour-${String(i).padStart(2, '0')}&amp;session=kl-ssr-${i}"`,
      );
    }
    // Pages are links, read from the address: they work without JavaScript.
    expect(root).toMatch(/<a rel="next"[^>]*href="\/publicstore\?name=quartz&amp;page=2"/);
    const second = rootOf((await get('/publicstore?name=quartz&page=2')).body);
    expect(second).toContain('Quartz Harbour 13');
    expect(second).toContain('Quartz Harbour 14');
    expect(second).not.toContain('Quartz Harbour 01');
    // Buying needs JavaScript, and the page says so; the visitor is invited to log in.
    expect(root).toContain(`<noscript>`);
    expect(root).toContain(text(en, 'noscript.note'));
    expect(root).toContain(text(en, 'card.loginToBuy'));
  });

  it('greets the bare public store with the welcome splash, whose way in is a link to the games', async () => {
    const root = rootOf((await get('/publicstore')).body);
    expect(root).toContain(text(en, 'splash.title'));
    expect(root).toMatch(/<a href="\/publicstore\?page=1"[^>]*data-testid="enter-store"/);
  });

  it("is written in the language the browser asks for, the page's hydration data saying which", async () => {
    const response = await get('/publicstore?page=1', { 'accept-language': 'de-AT, en;q=0.5' });
    expect(response.headers.vary).toContain('Accept-Language');
    expect(response.body).toMatch(/<html lang="de"/);
    const root = rootOf(response.body);
    expect(root).toContain(text(de, 'catalogue.title'));
    expect(root).toContain(text(de, 'pagination.next'));
    expect(root).toContain(formatEuros(1001, 'de'));
    expect(response.body).toContain('"render":{"language":"de"');
  });

  it("renders a product page's title, price, photo and buy box, and 404 with the not-found page for no game", async () => {
    const response = await get('/product?title=quartz-harbour-03&session=kl-ssr-3');
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toMatch(/<h1[^>]*>Quartz Harbour 03<\/h1>/);
    expect(root).toContain(formatEuros(1003, 'en'));
    expect(root).toContain('/media/photos/kl-ssr-3.webp');
    // The buy box: the offer with its stock, and for a visitor the way to an account.
    expect(root).toContain('data-testid="offer-banner"');
    expect(root).toContain('data-testid="login-prompt"');
    expect(root).toContain(text(en, 'product.loginPrompt'));
    expect(root).toContain(text(en, 'noscript.note'));

    for (const url of ['/product?title=x&session=kl-ssr-none', '/product?title=x&session=%3Cscript%3E']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toContain('<meta name="robots" content="noindex" data-ssr />');
      expect(rootOf(missing.body), url).toContain(escaped(text(en, 'product.notFoundTitle')));
    }
    const nowhere = await get('/no-such-page');
    expect(nowhere.statusCode).toBe(404);
    expect(rootOf(nowhere.body)).toContain(escaped(text(en, 'notFound.title')));
  });

  it('renders the legal pages with their sections and links to the others', async () => {
    const root = rootOf((await get('/terms')).body);
    expect(root).toContain(text(en, 'legal.terms.title'));
    const sections = Object.values(en.legal?.terms as { sections: Record<string, { title: string }> }).length;
    expect(sections).toBeGreaterThan(0);
    for (const href of ['/policy', '/cookies', '/legal', '/contactPage'])
      expect(root).toContain(`href="${href}"`);
  });

  it("lets caches revalidate a visitor's page by its ETag, and never store a logged-in customer's", async () => {
    const visitor = await get('/publicstore?page=1');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    let etag = String(visitor.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    let again = await get('/publicstore?page=1', { 'if-none-match': etag });
    // The page is rendered with the minute's clock (sales' countdowns): a new minute, a new ETag.
    if (again.statusCode === 200) {
      etag = String(again.headers.etag);
      again = await get('/publicstore?page=1', { 'if-none-match': etag });
    }
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const { client, customer } = await loginCustomer(ctx);
    const cookie = `keyland_session=${client.cookie}`;
    const store = await get('/store?name=quartz', { cookie });
    expect(store.statusCode).toBe(200);
    expect(store.headers['cache-control']).toBe('private, no-store');
    expect(store.headers.etag).toBeUndefined();
    const root = rootOf(store.body);
    expect(root).toContain('Quartz Harbour 01');
    expect(root).toContain(text(en, 'card.addToCart'));
    expect(root).not.toContain(text(en, 'card.loginToBuy'));
    expect(store.body).toContain(customer.email);
    // The same address for a visitor: nothing of the customer's.
    expect((await get('/publicstore?name=quartz')).body).not.toContain(customer.email);
    // A visitor's /store is the login page's business: not rendered here.
    expect((await get('/store')).body).toContain('<div id="root"></div>');
  });

  it('does not serve its server bundle', async () => {
    expect((await get('/.server/entry-server.js')).statusCode).toBe(404);
  });
});
