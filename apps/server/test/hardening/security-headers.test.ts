import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const HTML_ROUTES = [
  '/',
  '/store',
  '/product?title=x&session=kl-csp-1',
  '/product?title=x&session=unknown',
  '/History',
];

describe(`security headers on HTML answers (${testDbKind})`, () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));
  let https: TestContext;
  let plain: TestContext;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="x" /><title>Keyland</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    https = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://shop.keyland.example' });
    plain = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'http://localhost:3000' });
    for (const ctx of [https, plain]) {
      await insertGame(
        ctx.dbHandle.db,
        ctx.keyVault,
        { providerId: 'kl-csp-1', title: 'Lumen Drift', platform: 'Steam', priceCents: 999 },
        { keys: 1 },
      );
    }
  });

  afterAll(async () => {
    await https.close();
    await plain.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(HTML_ROUTES)('%s carries a strict policy and the other headers', async (url) => {
    const response = await https.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/text\/html; charset=utf-8/i);
    expect(response.headers['x-powered-by']).toBeUndefined();
    const csp = directives(response.headers['content-security-policy'] as string);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    for (const values of csp.values()) {
      if (values.includes("'unsafe-eval'")) throw new Error('unsafe-eval allowed');
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const permissions = String(response.headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
      expect(permissions).toContain(feature);
  });

  it('pages keep their JSON-LD and first data as data blocks, which the policy does not have to allow', async () => {
    for (const url of ['/product?title=x&session=kl-csp-1', '/publicstore', '/store']) {
      const response = await https.app.inject({ method: 'GET', url });
      const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(scripts.some((attributes) => attributes.includes('type="application/json"'))).toBe(true);
      // Every script is either external (src, allowed by 'self') or a non-executable data block.
      for (const attributes of scripts)
        expect(
          attributes.includes('src=') || /type="application\/(ld\+)?json"/.test(attributes),
          attributes,
        ).toBe(true);
    }
  });

  it('sends no HSTS when the store is served over plain HTTP', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('lets frames of the payment provider only when it is Stripe', async () => {
    const stripe = await buildTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
      PUBLIC_URL: 'https://shop.keyland.example',
    });
    try {
      const response = await stripe.app.inject({ method: 'GET', url: '/healthz' });
      const frames = directives(response.headers['content-security-policy'] as string).get('frame-src');
      expect(frames).toContain('https://checkout.stripe.com');
      expect(frames).toContain('https://www.youtube-nocookie.com');
      expect(frames?.some((f) => f.includes('www.youtube.com'))).toBe(false);
    } finally {
      await stripe.close();
    }
  });

  it('lets images of the game database only when it is enabled', async () => {
    const plainImages = directives(
      (await plain.app.inject({ method: 'GET', url: '/healthz' })).headers[
        'content-security-policy'
      ] as string,
    ).get('img-src');
    expect(plainImages).not.toContain('https://media.rawg.io');
    const rawg = await buildTestApp({ GAME_DATA: 'rawg', RAWG_API_KEY: 'rawg-headers-test' });
    try {
      const response = await rawg.app.inject({ method: 'GET', url: '/healthz' });
      const images = directives(response.headers['content-security-policy'] as string).get('img-src');
      expect(images).toContain('https://media.rawg.io');
      expect(images).toContain("'self'");
    } finally {
      await rawg.close();
    }
  });
});
