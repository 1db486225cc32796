import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { buy, type Client, call, loginAdmin, loginCustomer, type Method, visitor } from './admin-helpers.ts';

describe(`admin routes are for admins only (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;
  let adminId: number;
  let customer: Client;
  let victim: { id: number };
  let gameId: number;
  let keyId: number;
  let orderId: number;

  beforeAll(async () => {
    ctx = await buildTestApp({
      PUBLIC_URL: 'http://store.test',
      LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-secret-0123456789abcdef',
    });
    const a = await loginAdmin(ctx);
    admin = a.client;
    adminId = a.customer.id;
    const c = await loginCustomer(ctx);
    customer = c.client;
    const v = await loginCustomer(ctx);
    victim = v.customer;
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    gameId = game.id;
    orderId = (await buy(ctx, v.client, [{ productId: game.productId, quantity: 1 }])).orderId;
    const [key] = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from game_keys where game_id = ${gameId} order by id limit 1`,
    );
    keyId = Number(key?.id);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Every admin route: method, path, body, and the status an admin gets. */
  const routes = (): [Method, string, unknown, number][] => [
    ['GET', '/api/admin/audit', undefined, 200],
    ['GET', '/api/admin/dashboard?days=7', undefined, 200],
    ['GET', '/api/admin/products?q=Factory', undefined, 200],
    ['GET', `/api/admin/products/${gameId}`, undefined, 200],
    ['POST', '/api/admin/products', { title: 'Access Test', price: 9.99, platform: 'Steam' }, 201],
    ['PATCH', `/api/admin/products/${gameId}`, { priceBuy: 3.5 }, 200],
    ['POST', `/api/admin/products/${gameId}/hide`, undefined, 200],
    ['POST', `/api/admin/products/${gameId}/unhide`, undefined, 200],
    ['POST', `/api/admin/products/${gameId}/keys`, { text: 'ACCSS-TESTK-EY001' }, 200],
    ['GET', `/api/admin/products/${gameId}/keys`, undefined, 200],
    ['POST', `/api/admin/keys/${keyId}/reveal`, undefined, 200],
    ['GET', '/api/admin/orders', undefined, 200],
    ['GET', `/api/admin/orders/${orderId}`, undefined, 200],
    ['POST', `/api/admin/orders/${orderId}/cancel`, { reason: 'Stolen card reported' }, 200],
    ['GET', '/api/admin/customers', undefined, 200],
    ['POST', `/api/admin/customers/${victim.id}/suspend`, undefined, 200],
    ['POST', `/api/admin/customers/${victim.id}/reactivate`, undefined, 200],
    ['GET', '/api/admin/security/totp', undefined, 200],
    ['POST', '/api/admin/security/totp/setup', undefined, 200],
    // Allowed, but the code is wrong (a valid one is tested in totp.test.ts) and nothing is on to disable.
    ['POST', '/api/admin/security/totp/enable', { code: '000000' }, 400],
    ['POST', '/api/admin/security/totp/disable', { code: '000000' }, 409],
    // Allowed, but a cover must come as multipart/form-data (uploads are tested in cover-upload.test.ts).
    ['POST', `/api/admin/uploads/covers/${gameId}`, { file: 'x' }, 415],
    ['GET', '/api/admin/reports/oss?year=2026&quarter=4', undefined, 200],
  ];

  it('answers 401 to a visitor and 403 to a customer on every route, changing nothing', async () => {
    const before = await queryRows(ctx.dbHandle, sql`select count(*)::int as n from admin_audit`);
    for (const [method, url, body] of routes()) {
      const anonymous = await call(ctx.app, visitor(ctx), method, url, body);
      expect(anonymous.statusCode, `${method} ${url} visitor`).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
      const plain = await call(ctx.app, customer, method, url, body);
      expect(plain.statusCode, `${method} ${url} customer`).toBe(403);
      expect(plain.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(await queryRows(ctx.dbHandle, sql`select count(*)::int as n from admin_audit`)).toEqual(before);
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('paid');
  });

  it('works for an admin on every route and audits each mutation', async () => {
    for (const [method, url, body, status] of routes()) {
      const response = await call(ctx.app, admin, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const actions = await queryRows<{ action: string; admin_id: number }>(
      ctx.dbHandle,
      sql`select action, admin_id from admin_audit order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'product.create',
      'product.update',
      'product.hide',
      'product.unhide',
      'keys.import',
      'key.reveal',
      'order.cancel',
      'customer.suspend',
      'customer.reactivate',
    ]);
    expect(new Set(actions.map((a) => a.admin_id))).toEqual(new Set([adminId]));
    const audit = (await call(ctx.app, admin, 'GET', '/api/admin/audit?limit=2')).json() as {
      items: { action: string; adminEmail: string }[];
      total: number;
    };
    expect(audit.total).toBe(9);
    expect(audit.items.map((i) => i.action)).toEqual(['customer.reactivate', 'customer.suspend']);
  });

  it('keeps the audit trail append-only in the database', async () => {
    await expect(ctx.dbHandle.db.execute(sql`update admin_audit set action = 'x'`)).rejects.toThrow();
    await expect(ctx.dbHandle.db.execute(sql`delete from admin_audit`)).rejects.toThrow();
  });

  it('documents every admin route in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const [method, url] of routes()) {
      const path = url
        .split('?')[0]
        ?.replace(/\/products\/\d+/, '/products/{id}')
        .replace(/\/orders\/\d+/, '/orders/{id}')
        .replace(/\/customers\/\d+/, '/customers/{id}')
        .replace(/\/keys\/\d+/, '/keys/{keyId}')
        .replace(/\/covers\/\d+/, '/covers/{id}');
      expect(documented).toContain(`${method} ${path}`);
    }
  });

  it('ends an idle admin session after 15 minutes, a customer’s only after 30', async () => {
    const a = await loginAdmin(ctx);
    const c = await loginCustomer(ctx);
    const idle = async (customerId: number, minutes: number) =>
      ctx.dbHandle.db.execute(
        sql`update sessions set last_seen_at = now() - (${minutes} * interval '1 minute') where customer_id = ${customerId}`,
      );
    await idle(a.customer.id, 16);
    await idle(c.customer.id, 16);
    expect((await call(ctx.app, a.client, 'GET', '/api/admin/dashboard')).statusCode).toBe(401);
    const me = await c.client.get('/api/kl_api/user_online');
    expect(me.json()).toMatchObject({ user: { email: c.customer.email } });
  });
});
