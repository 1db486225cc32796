import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

/** The JSON-LD block of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" data-ssr>([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('No JSON-LD in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];

describe(`product pages served with meta tags (${testDbKind})`, () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));
  const nasty = `Evil </script><script>alert(1)</script> "Quoted" & 'single' <b>`;

  beforeAll(async () => {
    writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" data-ssr />
    <meta
      name="description"
      content="Keyland: digital game activation keys."
    />
    <title>Keyland</title>
  </head>
  <body><div id="root"></div></body>
</html>`,
    );
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://shop.keyland.example' });
    const { db } = ctx.dbHandle;
    await insertGame(
      db,
      ctx.keyVault,
      {
        providerId: 'kl-page-1',
        identifier: 'SKU-PAGE-1',
        title: 'Lumen Drift',
        platform: 'Steam',
        priceCents: 2499,
        description: '<p>A <b>calm</b> puzzle   game &amp; more.</p><script>alert(1)</script>',
      },
      { keys: 2 },
    );
    await insertGame(
      db,
      ctx.keyVault,
      { providerId: 'kl-page-nasty', title: nasty, description: nasty, platform: 'Steam', priceCents: 999 },
      { keys: 1 },
    );
    await insertGame(
      db,
      ctx.keyVault,
      { providerId: 'kl-page-hidden', title: 'Hidden', hidden: true },
      { keys: 1 },
    );
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('puts title, description, canonical link, Open Graph tags and Product JSON-LD in the HTML', async () => {
    const response = await get('/product?title=whatever&session=kl-page-1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<div id="root"></div>');
    // index.html's own title and description are replaced, not doubled.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<title>Lumen Drift (Steam) | Keyland</title>');
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toBe(
      'A calm puzzle game &amp; more.',
    );
    const canonical = 'https://shop.keyland.example/product?title=lumen-drift&amp;session=kl-page-1';
    expect(html).toContain(`<link rel="canonical" href="${canonical}" data-ssr />`);
    expect(html).toContain('<meta property="og:type" content="product" data-ssr />');
    expect(html).toContain('<meta property="og:title" content="Lumen Drift (Steam) | Keyland" data-ssr />');
    expect(html).toContain(`<meta property="og:url" content="${canonical}" data-ssr />`);
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.keyland.example/media/covers/kl-page-1.svg" data-ssr />',
    );
    // The first photo (here the cover) is preloaded at high priority: it is the page's largest image.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/covers/kl-page-1.svg" fetchpriority="high" data-ssr />',
    );
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Lumen Drift',
      image: ['https://shop.keyland.example/media/covers/kl-page-1.svg'],
      description: 'A calm puzzle game & more.',
      sku: 'SKU-PAGE-1',
      offers: {
        '@type': 'Offer',
        price: '24.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('escapes every value: a title with </script> and quotes cannot break out', async () => {
    const html = (await get('/product?title=evil&session=kl-page-nasty')).body;
    // Only our JSON-LD block and the page's first-data block (JSON, never executed) are scripts.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<script type="application\/(ld\+json|json)"/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Quoted&quot; &amp; &#39;single&#39; &lt;b&gt; (Steam) | Keyland</title>',
    );
    const ogTitle = attribute(html, /<meta property="og:title" content="([^"]*)"/);
    expect(ogTitle).toContain('&quot;Quoted&quot;');
    const jsonLd = jsonLdOf(html);
    expect(jsonLd.name).toBe(nasty);
    expect((jsonLd.offers as Record<string, unknown>).price).toBe('9.99');
  });

  it('answers 404 with the app for an unknown, hidden or malformed product, marked noindex', async () => {
    for (const url of [
      '/product?title=x&session=kl-nope',
      '/product?title=x&session=kl-page-hidden',
      '/product?session=%3Cscript%3E',
      '/product',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<meta name="robots" content="noindex" data-ssr />');
      expect(response.body).not.toContain('application/ld+json');
      expect(response.body).not.toContain('<script>');
    }
  });

  it('leaves other client routes without product tags', async () => {
    const response = await get('/store');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Keyland</title>');
    expect(response.body).not.toContain('og:type');
    expect(response.body).not.toContain('application/ld+json');
  });
});
