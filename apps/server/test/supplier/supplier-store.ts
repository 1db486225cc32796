import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { games } from '../../src/db/schema/index.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { createCodesWholesaleSupplier } from '../../src/modules/supplier/codeswholesale.adapter.ts';
import { createSupplierPurchases } from '../../src/modules/supplier/supplier-purchases.service.ts';
import { call, loginAdmin } from '../admin/admin-helpers.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { makeProducts, startFakeCodesWholesale } from './fake-codeswholesale-server.ts';

/** The shared secret the fake supplier's postbacks are signed with. */
export const POSTBACK_SIGNATURE = 'postback-signature-for-tests';

/**
 * A store selling from the fake CodesWholesale (`products` products, its catalogue imported from the admin
 * area), with what the tests of buying on demand need: a fresh adapter, the purchases service outside
 * the app's own jobs, and the store's game of a supplier product.
 */
export async function startSupplierStore(products = 30) {
  const fake = await startFakeCodesWholesale(makeProducts(products));
  fake.pageSize = 10;
  const adapter = () =>
    createCodesWholesaleSupplier({
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      timeoutMs: 300,
      baseDelayMs: 1,
      maxAttempts: 3,
    });
  const ctx = await buildTestApp(
    {
      KEY_SUPPLIER: 'codeswholesale',
      CODESWHOLESALE_BASE_URL: fake.url,
      CODESWHOLESALE_CLIENT_ID: fake.clientId,
      CODESWHOLESALE_CLIENT_SECRET: fake.clientSecret,
      SUPPLIER_SYNC_INTERVAL: '0',
      CODESWHOLESALE_CLIENT_SIGNATURE: POSTBACK_SIGNATURE,
      PUBLIC_URL: 'http://store.test',
    },
    { keySupplier: adapter() },
  );
  const { client: admin } = await loginAdmin(ctx);
  expect((await call(ctx.app, admin, 'POST', '/api/admin/supplier/sync')).statusCode).toBe(202);
  for (let i = 0; i < 100; i++) {
    const status = (await call(ctx.app, admin, 'GET', '/api/admin/supplier')).json();
    if (status.lastRun?.status === 'completed' && !status.running) break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const purchases = () =>
    createSupplierPurchases({
      dbHandle: ctx.dbHandle,
      supplier: adapter(),
      keyVault: ctx.keyVault,
      mailOutbox: createMailOutbox(ctx.dbHandle.db, ctx.keyVault),
      mailDispatcher: { kick: () => {} } as never,
      publicUrl: 'http://store.test',
      log: ctx.app.log,
    });

  /** The store's game of the fake's product number `index`. */
  const gameOf = async (index: number) => {
    const productId = fake.products[index]?.productId ?? '';
    const [game] = await ctx.dbHandle.db.select().from(games).where(eq(games.productId, productId));
    if (!game) throw new Error('not synced');
    return game;
  };

  return {
    ctx,
    fake,
    admin,
    adapter,
    purchases,
    gameOf,
    close: async () => {
      await ctx.close();
      await fake.close();
    },
  };
}
