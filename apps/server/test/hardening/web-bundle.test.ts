import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundle } from '../../src/lib/bundle-scan.ts';
import { loadWebManifest, ROUTE_MODULES, type ShopRoute } from '../../src/lib/web-manifest.ts';
import { ensureWebBuild } from '../helpers/web-build.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const dist = path.join(root, 'apps/web/dist');

describe('the built web app', () => {
  // The test suite may run before the end-to-end step that builds the web app: built if missing, once.
  beforeAll(() => void ensureWebBuild(), 180_000);

  it('holds no secret, back-office address or server-only setting name', () => {
    expect(existsSync(path.join(dist, 'index.html'))).toBe(true);
    expect(scanBundle(dist)).toEqual([]);
  });

  it("has a manifest that names the shop's page modules and the English texts, for the server's preloads", () => {
    const manifest = loadWebManifest(dist);
    for (const route of Object.keys(ROUTE_MODULES) as ShopRoute[]) {
      const chunks = manifest.routeChunks(route);
      // The page's own chunk comes first; every announced file exists in the build.
      expect(chunks[0], route).toMatch(/^\/assets\/.+\.js$/);
      for (const url of chunks) expect(existsSync(path.join(dist, url)), url).toBe(true);
    }
    const { first, shop } = manifest.languageChunks('en');
    for (const texts of [first, shop]) {
      expect(texts).toMatch(/^\/assets\/en-.+\.js$/);
      expect(existsSync(path.join(dist, texts ?? ''))).toBe(true);
    }
    expect(first).not.toBe(shop);
  });
});
