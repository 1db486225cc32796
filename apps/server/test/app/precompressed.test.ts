import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';

describe('pre-compressed web assets', () => {
  let ctx: TestContext;
  const dist = mkdtempSync(path.join(tmpdir(), 'keyland-dist-'));
  const script = `console.log(${JSON.stringify('keyland '.repeat(400))});`;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Keyland</title>');
    writeFileSync(path.join(dist, 'assets/app.js'), script);
    writeFileSync(path.join(dist, 'assets/app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/app.js.gz'), gzipSync(script));
    ctx = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli or gzip twin the build wrote, and the plain file to clients without them', async () => {
    const br = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
