import { formatEuros } from '@keyland/core/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema/index.ts';
import { catalogueChanged } from '../../src/lib/catalogue-changed.ts';
import { loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { ensureWebBuild } from '../helpers/web-build.ts';

/*
 * Rendered pages are kept like the catalogue's answers (docs/decisions/017 and 034): for the cache's
 * lifetime, dropped at once when the catalogue changes here, and shared only between callers who would
 * be sent the very same page.
 */
describe(`rendered pages kept between requests (${testDbKind})`, () => {
  let ctx: TestContext;
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie: `keyland_session=${cookie}` } : {} });

  beforeAll(async () => {
    ctx = await buildTestApp({ WEB_DIST_DIR: ensureWebBuild(), CATALOGUE_CACHE_TTL_MS: '60000' });
    await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { providerId: 'kl-kept-1', title: 'Amber Lighthouse', priceCents: 1500 },
      { keys: 2 },
    );
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('serves the kept page until the catalogue changes, then renders the new price', async () => {
    const url = '/publicstore?name=amber';
    expect((await get(url)).body).toContain(formatEuros(1500, 'en'));
    // Written behind the store's back (no signal): the kept page is served.
    await ctx.dbHandle.db.update(games).set({ priceCents: 900 }).where(eq(games.providerId, 'kl-kept-1'));
    expect((await get(url)).body).toContain(formatEuros(1500, 'en'));
    catalogueChanged.notify();
    const fresh = (await get(url)).body;
    expect(fresh).toContain(formatEuros(900, 'en'));
    expect(fresh).not.toContain(formatEuros(1500, 'en'));
  });

  it("never gives one customer's page to another, nor to a visitor", async () => {
    const ana = await loginCustomer(ctx);
    const ben = await loginCustomer(ctx);
    const anaPage = (await get('/store?name=amber', ana.client.cookie)).body;
    const benPage = (await get('/store?name=amber', ben.client.cookie)).body;
    expect(anaPage).toContain(ana.customer.email);
    expect(anaPage).not.toContain(ben.customer.email);
    expect(benPage).toContain(ben.customer.email);
    expect(benPage).not.toContain(ana.customer.email);
    const visitorPage = (await get('/publicstore?name=amber')).body;
    expect(visitorPage).not.toContain(ana.customer.email);
    expect(visitorPage).toContain('"session"],"data":{"user":null}');
  });
});
