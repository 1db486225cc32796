import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

describe(`the store app (${testDbKind})`, () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Keyland</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir });
  });

  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('reports the process alive and the database ready', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI 3.1 document that lists every API call', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const routes = ctx.app.printRoutes({ commonPrefix: false });
    for (const url of [
      '/api/kl_api/catalog_paginated',
      '/api/kl_api/count_games',
      '/api/kl_api/get_platforms',
    ]) {
      expect(routes).toContain(url);
      expect(doc.paths[url]?.post).toBeDefined();
    }
    expect(doc.paths['/healthz']?.get).toBeDefined();
    expect(doc.paths['/readyz']?.get).toBeDefined();
    const catalog = doc.paths['/api/kl_api/catalog_paginated']?.post as {
      requestBody?: unknown;
      responses?: Record<string, unknown>;
    };
    expect(catalog.requestBody).toBeDefined();
    expect(Object.keys(catalog.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
  });

  it('answers invalid input with 400 naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/catalog_paginated',
      payload: { offset: 0, limit: 49 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', field: 'limit' });
  });

  it('answers malformed JSON with 400 and no parser details', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/catalog_paginated',
      headers: { 'content-type': 'application/json' },
      payload: '{"offset": 0,',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: string; message: string };
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).not.toMatch(/JSON\.parse|Unexpected|position/);
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/catalog_paginated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filters: { name: 'x'.repeat(100_000) } }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers unknown API paths with the JSON error contract', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found' });
  });

  it('serves the web app and falls back to index.html for client routes', async () => {
    for (const url of ['/', '/store', '/History']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe(`faults (${testDbKind})`, () => {
  it('answers a database failure with 500 without details, and readyz with 503', async () => {
    const ctx = await buildTestApp();
    await ctx.dbHandle.close();
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/kl_api/catalog_paginated',
        payload: {},
      });
      expect(response.statusCode).toBe(500);
      const body = response.json() as { error: string; message: string };
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(body.error).toBe('INTERNAL_ERROR');
      expect(body.message).not.toMatch(/pglite|closed|pool|select|\bat\b|\.ts/i);
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
    } finally {
      await ctx.app.close();
    }
  });
});
