import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueQuery, pageQuery } from '../../src/modules/catalogue/catalogue.repository.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const GAMES = 10_000;

const query = (overrides: Partial<CatalogueQuery>): CatalogueQuery => ({
  name: '',
  platform: '',
  stockMin: 0,
  minPriceCents: 0,
  maxPriceCents: 10_000,
  sort: undefined,
  ...overrides,
});

/** Index names anywhere in an EXPLAIN (FORMAT JSON) plan. */
function indexesIn(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Index Name' && typeof value === 'string') found.push(value);
        else walk(value);
      }
    }
  };
  walk(plan);
  return found;
}

describe.skipIf(testDbKind !== 'postgres')(`catalogue query plans with ${GAMES} games (postgres)`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const { db } = ctx.dbHandle;
    // Ten thousand games with varied titles in one statement, one to three keys each (some sold out).
    await db.execute(sql`
      insert into games (provider_id, product_id, identifier, title, slug, platform, platform_group, price_cents,
                         release_date, hidden)
      select 'kl-plan-' || i, 'prod-plan-' || i, 'plan-' || i,
             initcap((array['crimson','silent','frozen','golden','hollow','iron','lunar','neon','ancient','broken'])[1 + i % 10])
               || ' ' || initcap((array['harbor','kingdom','signal','empire','forest','legacy','odyssey','protocol','frontier','requiem'])[1 + (i / 10) % 10])
               || ' ' || substr(md5(i::text), 1, 6),
             'plan-' || i,
             (array['Steam','Xbox One','PlayStation 5','Nintendo Switch','EA App'])[1 + i % 5], 'Other',
             100 + (i * 37) % 9900, date '2015-01-01' + (i % 3000), i % 50 = 0
      from generate_series(1, ${GAMES}) as s(i)`);
    await db.execute(sql`
      insert into games (provider_id, product_id, identifier, title, slug, platform, platform_group, price_cents)
      values ('kl-plan-target', 'prod-plan-target', 'plan-target', 'Crónica del Puerto Olvidado', 'cronica', 'Steam',
              'Steam', 1999)`);
    // Sold keys belong to an order (a database rule), so one paid order owns them all.
    await db.execute(sql`
      insert into customers (email, full_name, password_hash) values ('plan@keyland.test', 'Plan Buyer', 'x')`);
    await db.execute(sql`
      insert into orders (customer_id, status) select id, 'pending_payment' from customers where email = 'plan@keyland.test'`);
    await db.execute(sql`update orders set status = 'paid' where status = 'pending_payment'`);
    await db.execute(sql`
      insert into game_keys (game_id, code_ciphertext, code_fingerprint, status, order_id)
      select g.id, 'x', md5(g.id::text || '-' || k), case when k = 3 then 'sold' else 'available' end,
             case when k = 3 then (select max(id) from orders) end
      from games g cross join generate_series(1, 3) as s(k)
      where g.id % 7 <> 0 or g.provider_id = 'kl-plan-target'`);
    await db.execute(sql`analyze games`);
    await db.execute(sql`analyze game_keys`);
  });

  afterAll(async () => ctx?.close());

  const explain = async (catalogueQuery: CatalogueQuery) => {
    const builder = pageQuery(ctx.dbHandle.db, catalogueQuery, 0, 12);
    const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
      ctx.dbHandle,
      sql`explain (format json) ${builder}`,
    );
    return rows[0]?.['QUERY PLAN'];
  };

  it('finds a title by name (accents, case, a typo) through the trigram index', async () => {
    for (const name of ['cronica del puerto', 'CRONICA DEL PUERTO OLVIDADO', 'Cronika del Puerto']) {
      const plan = await explain(query({ name }));
      expect(indexesIn(plan), `${name}: ${JSON.stringify(plan)}`).toContain('games_title_trgm_idx');
      const games = await pageQuery(ctx.dbHandle.db, query({ name }), 0, 12);
      expect(games[0]?.title).toBe('Crónica del Puerto Olvidado');
    }
  });

  it('uses the trigram index with the other filters combined', async () => {
    const plan = await explain(query({ name: 'puerto olvidado', platform: 'Steam', minPriceCents: 1000 }));
    expect(indexesIn(plan)).toContain('games_title_trgm_idx');
  });

  it('counts stock from the partial index of available keys', async () => {
    const plan = await explain(query({ name: 'crónica del puerto' }));
    expect(indexesIn(plan)).toContain('game_keys_available_idx');
  });
});
