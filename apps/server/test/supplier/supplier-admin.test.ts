import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema/index.ts';
import { createCodesWholesaleSupplier } from '../../src/modules/supplier/codeswholesale.adapter.ts';
import { call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import {
  type FakeCodesWholesale,
  makeProducts,
  startFakeCodesWholesale,
} from './fake-codeswholesale-server.ts';

describe(`supplier admin routes (${testDbKind})`, () => {
  let ctx: TestContext;
  let embedded: TestContext;
  let fake: FakeCodesWholesale;

  beforeAll(async () => {
    fake = await startFakeCodesWholesale(makeProducts(25));
    fake.pageSize = 10;
    const env = {
      KEY_SUPPLIER: 'codeswholesale',
      CODESWHOLESALE_CLIENT_ID: fake.clientId,
      CODESWHOLESALE_CLIENT_SECRET: fake.clientSecret,
      CODESWHOLESALE_BASE_URL: fake.url,
      SUPPLIER_MARGIN_PERCENT: '10',
    };
    ctx = await buildTestApp(env, {
      keySupplier: createCodesWholesaleSupplier({
        baseUrl: fake.url,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
      }),
    });
    embedded = await buildTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
    await embedded?.close();
    await fake?.close();
  });

  const waitForRun = async (client: Awaited<ReturnType<typeof loginAdmin>>['client']) => {
    for (let i = 0; i < 200; i++) {
      const status = (await call(ctx.app, client, 'GET', '/api/admin/supplier')).json();
      if (status.lastRun && status.lastRun.status !== 'running' && !status.running) return status;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the sync did not finish');
  };

  it('is for admins only and documented in the OpenAPI document', async () => {
    expect((await call(ctx.app, undefined, 'GET', '/api/admin/supplier')).statusCode).toBe(401);
    const { client } = await loginCustomer(ctx);
    expect((await call(ctx.app, client, 'POST', '/api/admin/supplier/sync')).statusCode).toBe(403);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/supplier',
        '/api/admin/supplier/sync',
        '/api/admin/supplier/games/{id}/price',
      ]),
    );
  });

  it('syncs on demand with progress and result, audited', async () => {
    const { client } = await loginAdmin(ctx);
    const before = (await call(ctx.app, client, 'GET', '/api/admin/supplier')).json();
    expect(before).toMatchObject({
      supplier: 'codeswholesale',
      canSync: true,
      syncIntervalSeconds: 3600,
      lastRun: null,
    });
    expect((await call(ctx.app, client, 'POST', '/api/admin/supplier/sync')).statusCode).toBe(202);
    // A second click while it runs is refused.
    const again = await call(ctx.app, client, 'POST', '/api/admin/supplier/sync');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'SUPPLIER_SYNC_RUNNING' });
    const status = await waitForRun(client);
    expect(status.lastRun).toMatchObject({ status: 'completed', trigger: 'admin', pages: 3, created: 25 });
    const audit = (await call(ctx.app, client, 'GET', '/api/admin/audit?action=supplier.sync')).json();
    expect(audit.items[0]).toMatchObject({ action: 'supplier.sync', targetType: 'supplier' });
  });

  it('lets an admin override the rule price of a supplier game, and clear it again', async () => {
    const { client } = await loginAdmin(ctx);
    const [game] = await ctx.dbHandle.db
      .select()
      .from(games)
      .where(eq(games.productId, fake.products[0]?.productId ?? ''));
    const url = `/api/admin/supplier/games/${game?.id}/price`;
    // 5.37 € + 10 % = 5.91 → 5.99 €.
    expect((await call(ctx.app, client, 'GET', url)).json()).toMatchObject({
      priceBuy: 5.37,
      rulePrice: 5.99,
      override: null,
      price: 5.99,
    });
    const set = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie: `keyland_session=${client.cookie}` },
      payload: JSON.stringify({ price: 4.5 }),
    });
    expect(set.json()).toMatchObject({ override: 4.5, price: 4.5 });
    // A sync keeps the admin's price.
    await call(ctx.app, client, 'POST', '/api/admin/supplier/sync');
    await waitForRun(client);
    expect((await call(ctx.app, client, 'GET', url)).json()).toMatchObject({ price: 4.5 });
    const bad = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie: `keyland_session=${client.cookie}` },
      payload: JSON.stringify({ price: -1 }),
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie: `keyland_session=${client.cookie}` },
      payload: JSON.stringify({ price: null }),
    });
    expect(cleared.json()).toMatchObject({ override: null, price: 5.99 });
    const audit = (
      await call(ctx.app, client, 'GET', '/api/admin/audit?action=product.price_override')
    ).json();
    expect(audit.total).toBe(2);
  });

  it('answers clear errors with the embedded supplier and for games not from the supplier', async () => {
    const { client } = await loginAdmin(embedded);
    const status = (await call(embedded.app, client, 'GET', '/api/admin/supplier')).json();
    expect(status).toMatchObject({ supplier: 'embedded', canSync: false, syncIntervalSeconds: 0 });
    const refused = await call(embedded.app, client, 'POST', '/api/admin/supplier/sync');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'SUPPLIER_DISABLED' });
    const missing = await call(embedded.app, client, 'GET', '/api/admin/supplier/games/999999/price');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NOT_A_SUPPLIER_GAME' });
  });
});
