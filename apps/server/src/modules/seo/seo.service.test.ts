import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { createChangeSignal } from '../../lib/catalogue-changed.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { seoRoutes } from './seo.routes.ts';
import { buildSitemap, createSitemap, type ListedGame } from './seo.service.ts';

const SHOP = 'https://shop.keyland.example';
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 10, 30, 15, 123));
const game = (n: number): ListedGame => ({ providerId: `kl-${n}`, slug: `game-${n}`, updatedAt: day(n) });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('buildSitemap', () => {
  it('lists the shop pages, then each game as the web app links it, with its lastmod to the second', () => {
    const { main, parts } = buildSitemap(SHOP, [game(1), game(3)]);
    expect(parts).toEqual([]);
    expect(main).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(main)).toEqual([
      `${SHOP}/`,
      `${SHOP}/terms`,
      `${SHOP}/policy`,
      `${SHOP}/cookies`,
      `${SHOP}/legal`,
      `${SHOP}/contactPage`,
      `${SHOP}/product?title=game-1&amp;session=kl-1`,
      `${SHOP}/product?title=game-3&amp;session=kl-3`,
    ]);
    expect(main).toContain(
      `<loc>${SHOP}/product?title=game-3&amp;session=kl-3</loc><lastmod>2025-01-03T10:30:15Z</lastmod>`,
    );
    // The catalogue's home changes with its latest game.
    expect(main).toContain(`<loc>${SHOP}/</loc><lastmod>2025-01-03T10:30:15Z</lastmod>`);
  });

  it('becomes an index of parts past the part size, each part at most that long', () => {
    const games = Array.from({ length: 9 }, (_, i) => game(i + 1));
    const { main, parts } = buildSitemap(SHOP, games, 4);
    // 6 shop pages + 9 games = 15 URLs: 4 parts.
    expect(parts).toHaveLength(4);
    expect(main).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(main)).toEqual([1, 2, 3, 4].map((n) => `${SHOP}/sitemap-${n}.xml`));
    expect(main).toContain(`<loc>${SHOP}/sitemap-4.xml</loc><lastmod>2025-01-09T10:30:15Z</lastmod>`);
    expect(parts.map((part) => locs(part).length)).toEqual([4, 4, 4, 3]);
    expect(parts.flatMap(locs)).toHaveLength(15);
    expect(buildSitemap(SHOP, games.slice(0, 2), 8).parts).toEqual([]);
  });
});

describe('createSitemap', () => {
  it('builds once, shares the build, and builds again after a change or when too old', async () => {
    let calls = 0;
    let clock = 0;
    const signal = createChangeSignal();
    const sitemap = createSitemap({
      publicUrl: SHOP,
      games: async () => {
        calls += 1;
        return [game(calls)];
      },
      signal,
      maxAgeMs: 1000,
      now: () => clock,
    });
    const [a, b] = await Promise.all([sitemap.main(), sitemap.main()]);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    signal.notify();
    expect(await sitemap.main()).toContain('kl-2');
    clock = 1000;
    expect(await sitemap.main()).toContain('kl-3');
    sitemap.close();
    signal.notify();
    expect(await sitemap.main()).toContain('kl-3');
  });
});

describe('seo routes', () => {
  async function appWith(partSize: number) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const games = async () => Array.from({ length: 5 }, (_, i) => game(i + 1));
    await app.register(seoRoutes, {
      publicUrl: SHOP,
      sitemap: createSitemap({ publicUrl: SHOP, games, partSize }),
    });
    return app;
  }

  it('serves the index at /sitemap.xml and each part at /sitemap-<n>.xml; other parts are 404', async () => {
    const app = await appWith(5);
    const main = await app.inject({ url: '/sitemap.xml' });
    expect(main.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locs(main.body)).toEqual([1, 2, 3].map((n) => `${SHOP}/sitemap-${n}.xml`));
    const second = await app.inject({ url: '/sitemap-2.xml' });
    expect(second.statusCode).toBe(200);
    // 6 shop pages and 5 games, 5 a part: the second part holds the last shop page and 4 games.
    expect(locs(second.body)).toEqual([
      `${SHOP}/contactPage`,
      ...[1, 2, 3, 4].map((n) => `${SHOP}/product?title=game-${n}&amp;session=kl-${n}`),
    ]);
    for (const url of ['/sitemap-4.xml', '/sitemap-0.xml', '/sitemap-x.xml'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    await app.close();
  });

  it('answers robots.txt as plain text', async () => {
    const app = await appWith(50_000);
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    await app.close();
  });
});
