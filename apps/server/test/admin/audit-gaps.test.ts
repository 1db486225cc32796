import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { startCheckout } from '../helpers/checkout.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { call, loginAdmin, loginCustomer } from './admin-helpers.ts';

describe(`saveGameDetailData is audited; suspension ends open checkouts (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  it('writes product.create then product.detail with the changed fields and the admin', async () => {
    const { client: admin, customer } = await loginAdmin(ctx);
    const providerData = {
      providerId: 'kl-audited-1',
      productId: 'prod-audited-1',
      name: 'Audited Quest',
      platform: 'Steam',
      price: 19.9,
    };
    const created = await admin.post('/api/kl_api/saveGameDetailData', { providerData });
    expect(created.statusCode, created.body).toBe(200);
    const updated = await admin.post('/api/kl_api/saveGameDetailData', {
      providerData: { providerId: 'kl-audited-1', price: 24.5 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const rows = await queryRows<{
      action: string;
      admin_id: number;
      target_type: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown>;
    }>(
      ctx.dbHandle,
      sql`select action, admin_id, target_type, before, after from admin_audit where target_id = 'kl-audited-1' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['product.create', 'product.detail']);
    expect(rows.every((r) => r.admin_id === customer.id && r.target_type === 'game')).toBe(true);
    const detail = rows[1];
    expect(detail?.after).toMatchObject({ via: 'saveGameDetailData' });
    expect(Object.keys(detail?.before ?? {}).length).toBeGreaterThan(0);
    expect(JSON.stringify(detail?.before)).toContain('19.9');
    expect(JSON.stringify(detail?.after)).toContain('24.5');
    expect(JSON.stringify(detail?.after)).not.toContain('Audited Quest');
  });

  it('a refused saveGameDetailData (customer) writes no audit entry', async () => {
    const { client } = await loginCustomer(ctx);
    const response = await client.post('/api/kl_api/saveGameDetailData', {
      providerData: { providerId: 'kl-audited-2', name: 'Nope', platform: 'Steam', price: 1 },
    });
    expect(response.statusCode).toBe(403);
    const rows = await queryRows(
      ctx.dbHandle,
      sql`select 1 from admin_audit where target_id = 'kl-audited-2'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('suspending a customer cancels their open checkout and puts its reserved keys back on sale', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1000 }, { keys: 2 });
    const { client: shopper, customer } = await loginCustomer(ctx);
    await shopper.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const started = await startCheckout(shopper);
    expect(started.status).toBe(200);
    const orderId = Number(started.body.order_id);
    const reserved = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from game_keys where game_id = ${game.id} and status = 'reserved'`,
    );
    expect(reserved[0]?.n).toBe(1);

    const { client: admin } = await loginAdmin(ctx);
    const suspended = await call(ctx.app, admin, 'POST', `/api/admin/customers/${customer.id}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('cancelled');
    const available = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from game_keys where game_id = ${game.id} and status = 'available'`,
    );
    expect(available[0]?.n).toBe(2);
    // The hosted payment page of that session no longer takes a payment.
    const [session] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from local_payment_sessions where id = ${started.sessionId ?? ''}`,
    );
    expect(session?.status).toBe('expired');
  });
});
