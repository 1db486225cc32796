import type { PlatformGroup } from '@keyland/core/platforms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey } from '../../src/db/seed/key-format.ts';
import { type Client, call, loginAdmin, loginCustomer, visitor } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { startCheckout } from '../helpers/checkout.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

/**
 * The catalogue answer cache in the running store: a long lifetime, so that only the catalogue-changed
 * signal sent by the writers (admin edits, key import, checkout reservations) can refresh an answer.
 */
describe(`catalogue answer cache in the store (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;

  beforeAll(async () => {
    ctx = await buildTestApp({ CATALOGUE_CACHE_TTL_MS: '60000' });
    admin = (await loginAdmin(ctx)).client;
  });
  afterAll(async () => ctx?.close());

  const listed = async (title: string) => {
    const page = await visitor(ctx).post('/api/kl_api/catalog_paginated', {
      offset: 0,
      limit: 12,
      filters: { name: title },
    });
    expect(page.statusCode).toBe(200);
    return (page.json() as { title: string; stock: number; price: number }[]).find((g) => g.title === title);
  };

  it('serves repeated reads from memory and refreshes them after admin edits, key imports and reservations', async () => {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Cached Lighthouse', priceCents: 1999 },
      { keys: 2 },
    );
    expect(await listed('Cached Lighthouse')).toMatchObject({ price: 19.99, stock: 2 });

    // A write that bypasses the services sends no signal: the cached answer stays (a cache hit).
    await ctx.dbHandle.db.execute(sql`update games set price_cents = 2999 where id = ${game.id}`);
    expect(await listed('Cached Lighthouse')).toMatchObject({ price: 19.99 });

    // An admin edit signals the change.
    const edited = await call(ctx.app, admin, 'PATCH', `/api/admin/products/${game.id}`, { price: 9.99 });
    expect(edited.statusCode).toBe(200);
    expect(await listed('Cached Lighthouse')).toMatchObject({ price: 9.99, stock: 2 });

    // A checkout reserves a key: the stock shown drops at once.
    const { client } = await loginCustomer(ctx);
    expect(
      (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
        .statusCode,
    ).toBe(200);
    expect((await startCheckout(client)).status).toBe(200);
    expect(await listed('Cached Lighthouse')).toMatchObject({ stock: 1 });

    // Imported keys raise it again.
    const imported = await call(ctx.app, admin, 'POST', `/api/admin/products/${game.id}/keys`, {
      text: [
        generateKey(game.platformGroup as PlatformGroup),
        generateKey(game.platformGroup as PlatformGroup),
      ].join('\n'),
    });
    expect(imported.statusCode).toBe(200);
    expect(await listed('Cached Lighthouse')).toMatchObject({ stock: 3 });

    // Hiding removes it from the list.
    const hidden = await call(ctx.app, admin, 'POST', `/api/admin/products/${game.id}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(await listed('Cached Lighthouse')).toBeUndefined();
  });
});
