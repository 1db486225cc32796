import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { call, loginAdmin, loginCustomer } from './admin-helpers.ts';

describe(`admin customers: list, suspend, reactivate (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL: 'http://store.test' });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('lists and searches customers', async () => {
    const { client: admin } = await loginAdmin(ctx);
    const { customer } = await loginCustomer(ctx, { fullName: 'Marta Kask' });
    const found = (await call(ctx.app, admin, 'GET', '/api/admin/customers?q=marta%20kask')).json() as {
      items: { id: number; email: string; suspended: boolean; role: string; paidOrders: number }[];
      total: number;
    };
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      id: customer.id,
      email: customer.email,
      suspended: false,
      role: 'user',
      paidOrders: 0,
    });
    const all = (await call(ctx.app, admin, 'GET', '/api/admin/customers?limit=1')).json() as {
      items: unknown[];
      total: number;
    };
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('suspending ends every session at once and blocks login; reactivating allows it again', async () => {
    const { client: admin } = await loginAdmin(ctx);
    const first = await loginCustomer(ctx);
    const second = createClient(ctx.app);
    await second.post('/api/kl_api/login', { email: first.customer.email, password: DEFAULT_PASSWORD });
    expect(second.cookie).toBeTruthy();

    const suspended = await call(ctx.app, admin, 'POST', `/api/admin/customers/${first.customer.id}/suspend`);
    expect(suspended.json()).toEqual({ id: first.customer.id, suspended: true, sessionsEnded: 2 });
    for (const client of [first.client, second]) {
      const me = await client.get('/api/kl_api/user_online');
      expect(me.json()).toEqual({ user: null });
    }
    const cart = await first.client.post('/api/kl_api/get_order_cart_items', {});
    expect(cart.statusCode).toBe(401);
    const login = await createClient(ctx.app).post('/api/kl_api/login', {
      email: first.customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: 'ACCOUNT_SUSPENDED' });

    const back = await call(ctx.app, admin, 'POST', `/api/admin/customers/${first.customer.id}/reactivate`);
    expect(back.json()).toEqual({ id: first.customer.id, suspended: false, sessionsEnded: 0 });
    const again = await createClient(ctx.app).post('/api/kl_api/login', {
      email: first.customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(again.statusCode).toBe(200);

    const audit = await queryRows<{ action: string; before: unknown; after: unknown }>(
      ctx.dbHandle,
      sql`select action, before, after from admin_audit where target_type = 'customer' and target_id = ${String(first.customer.id)} order by id`,
    );
    expect(audit).toEqual([
      {
        action: 'customer.suspend',
        before: { suspended: false },
        after: { suspended: true, sessionsEnded: 2 },
      },
      {
        action: 'customer.reactivate',
        before: { suspended: true },
        after: { suspended: false, sessionsEnded: 0 },
      },
    ]);
  });

  it('an admin cannot suspend themselves; an unknown customer is 404', async () => {
    const { client: admin, customer: me } = await loginAdmin(ctx);
    const self = await call(ctx.app, admin, 'POST', `/api/admin/customers/${me.id}/suspend`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: 'CANNOT_SUSPEND_SELF' });
    expect((await call(ctx.app, admin, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await call(ctx.app, admin, 'POST', '/api/admin/customers/999999/suspend')).statusCode).toBe(404);
  });
});
