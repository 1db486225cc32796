import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

/** The web app's own index.html and public files, served as the build serves them. */
const webSource = path.resolve(import.meta.dirname, '../../../web');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; fails when the bytes are not a PNG. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(data.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe(`web manifest, icons and link-preview image (${testDbKind})`, () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    cpSync(path.join(webSource, 'public'), webDir, { recursive: true });
    cpSync(path.join(webSource, 'index.html'), path.join(webDir, 'index.html'));
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://shop.keyland.example' });
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('links the manifest, the favicons and the apple-touch icon from every page', async () => {
    for (const url of ['/', '/login', '/no-such-page']) {
      const html = (await get(url)).body;
      expect(html, url).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, url).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
      expect(html, url).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
      expect(html, url).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    }
  });

  it('serves a manifest whose icons are PNGs of the sizes it states: 192, 512 and a maskable 512', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json() as { name: string; start_url: string; icons: ManifestIcon[] };
    expect(manifest.name).toBe('Keyland');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      const { width, height } = pngSize(file.rawPayload);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('serves the apple-touch icon (180 px), favicon.ico and the 1200×630 link-preview image', async () => {
    expect(pngSize((await get('/apple-touch-icon.png')).rawPayload)).toEqual({ width: 180, height: 180 });
    expect(pngSize((await get('/og-image.png')).rawPayload)).toEqual({ width: 1200, height: 630 });
    const ico = (await get('/favicon.ico')).rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image, each a PNG here.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const image = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      const { width } = pngSize(image);
      expect(ico.readUInt8(entry), 'directory width').toBe(width % 256);
      return width;
    });
    expect(sizes).toContain(32);
    expect(sizes).toContain(16);
  });

  it('points the Open Graph and Twitter image of the home page at that PNG', async () => {
    const html = (await get('/')).body;
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.keyland.example/og-image.png" data-ssr />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-ssr />');
  });
});
