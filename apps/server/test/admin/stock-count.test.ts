import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierProducts } from '../../src/db/schema/index.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { type Client, call, loginAdmin, visitor } from './admin-helpers.ts';

/**
 * Stock has one definition (the store's own available keys plus what the key supplier lists): the admin
 * dashboard's low-stock list counts a supplier game exactly as the catalogue shows it to customers.
 */
describe(`one stock count for catalogue and dashboard (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ({ client: admin } = await loginAdmin(ctx));
  });
  afterAll(async () => ctx?.close());

  it('counts a supplier game’s listed keys on the dashboard as the catalogue does', async () => {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Cobalt Harbour' },
      { keys: 1 },
    );
    await ctx.dbHandle.db.insert(supplierProducts).values({
      supplier: 'codeswholesale',
      supplierProductId: `cw-${game.id}`,
      gameId: game.id,
      buyCents: 900,
      quantity: 4,
      listed: true,
    });
    const page = await visitor(ctx).post('/api/kl_api/catalog_paginated', {
      offset: 0,
      limit: 12,
      filters: { name: 'Cobalt Harbour' },
    });
    expect(page.statusCode).toBe(200);
    const shown = (page.json() as { title: string; stock: number }[]).find(
      (g) => g.title === 'Cobalt Harbour',
    );
    expect(shown?.stock).toBe(5);

    const dashboard = (
      await call(ctx.app, admin, 'GET', '/api/admin/dashboard?days=7&lowStock=10')
    ).json() as {
      lowStock: { gameId: number; available: number }[];
    };
    expect(dashboard.lowStock.find((g) => g.gameId === game.id)?.available).toBe(shown?.stock);
  });
});
