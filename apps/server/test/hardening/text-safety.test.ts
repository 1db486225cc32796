import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { createClient, loginAsNewCustomer } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

function expectRefused(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  const body = response.json() as { error: string; message: string; field?: string };
  expect(body.error).toBe('VALIDATION_FAILED');
  expect(body.field).toBe(field);
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toContain(NUL);
}

/**
 * A NUL, another control character or half a character in any field is a 400 naming the field, before
 * any route reads it (PostgreSQL refuses NUL in text: these calls used to answer 500).
 */
describe(`unsafe text at the edge (${testDbKind})`, () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof loginAsNewCustomer>>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Grim Fandango', platform: 'Steam' },
      { keys: 1 },
    );
    customer = await loginAsNewCustomer(ctx.app, () =>
      insertCustomer(ctx.dbHandle.db, { fullName: 'Ada Lovelace' }),
    );
  });

  afterAll(async () => ctx?.close());

  it('refuses a NUL in the e-mail of login', async () => {
    const response = await createClient(ctx.app).post('/api/kl_api/login', {
      email: `ada${NUL}@example.com`,
      password: 'whatever-password',
    });
    expectRefused(response, 'email');
  });

  it.each([
    ['fullName', { fullName: `Ada${NUL} Lovelace` }],
    ['language', { language: `en${NUL}` }],
    ['bio', { bio: `hello${NUL}` }],
    ['bio', { bio: `half a character ${LONE_SURROGATE}` }],
    ['bio', { bio: 'escape \u001b[31m' }],
  ])('refuses unsafe text in update_profile %s and changes nothing', async (field, change) => {
    const before = await queryRows(ctx.dbHandle, sql`select full_name, lang, bio, updated_at from customers`);
    const response = await customer.client.post('/api/kl_api/update_profile', {
      fullName: 'Ada Lovelace',
      country: 64,
      language: 'en',
      bio: '',
      ...change,
    });
    expectRefused(response, field);
    expect(
      await queryRows(ctx.dbHandle, sql`select full_name, lang, bio, updated_at from customers`),
    ).toEqual(before);
  });

  it('keeps tabs and newlines in multi-line text', async () => {
    const response = await customer.client.post('/api/kl_api/update_profile', {
      fullName: 'Ada Lovelace',
      country: 64,
      language: 'en',
      bio: 'first line\r\nsecond\tline 🎮',
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = (await customer.client.get('/api/kl_api/user_profile')).json() as { bio: string };
    expect(profile.bio).toMatch(/first line\s+second\s+line 🎮/);
  });

  it.each([
    ['filters.name', { filters: { name: `Grim${NUL}` } }],
    ['filters.platform', { filters: { platform: `Steam${NUL}` } }],
    ['filters.name', { filters: { name: LONE_SURROGATE } }],
  ])('refuses unsafe text in the catalog_paginated filter %s', async (field, body) => {
    expectRefused(await createClient(ctx.app).post('/api/kl_api/catalog_paginated', body), field);
  });

  it.each([
    ['name', { name: `Grim${NUL}` }],
    ['platform', { platform: `Steam${NUL}` }],
    ['filters.name', { filters: { name: `Grim${NUL}` } }],
    ['filters.platform', { filters: { platform: '\udc00' } }],
  ])('refuses unsafe text in the count_games filter %s', async (field, body) => {
    expectRefused(await createClient(ctx.app).post('/api/kl_api/count_games', body), field);
  });

  it('still finds games with safe filters', async () => {
    const response = await createClient(ctx.app).post('/api/kl_api/count_games', { name: 'Grim' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 1 });
  });

  it('names a key carrying a NUL as the field, escaped', async () => {
    const response = await createClient(ctx.app).post('/api/kl_api/catalog_paginated', {
      filters: { [`na${NUL}me`]: 'x' },
    });
    expectRefused(response, 'filters.na\\u0000me');
  });

  it('refuses unsafe text in query strings and path values, in the caller language', async () => {
    const admin = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db, { role: 'admin' }));
    const query = await admin.client.get('/api/admin/customers?q=ada%00', { 'x-ui-language': 'es' });
    expectRefused(query, 'q');
    expect((query.json() as { message: string }).message).toMatch(/datos/);
    expectRefused(await admin.client.get('/api/admin/products/1%00'), 'id');
    expectRefused(await createClient(ctx.app).get('/media/covers/abc%7F'), 'providerId');
  });
});
