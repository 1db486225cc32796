import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

/**
 * 50 buyers race for the last 10 keys. On PostgreSQL the checkouts really run at once (PGlite is a single
 * connection and would only queue them), so the test runs there.
 */
describe.skipIf(testDbKind !== 'postgres')('50 buyers, 10 keys (postgres)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });

  afterAll(async () => ctx?.close());

  it('sells exactly 10 distinct keys to 10 buyers and tells every other buyer clearly', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Final Ten' }, { keys: 10 });
    const buyers = [];
    for (let i = 0; i < 50; i++) {
      const buyer = await loginAsNewCustomer(ctx.app, () =>
        insertCustomer(ctx.dbHandle.db, { passwordHash: PRE_HASHED }),
      );
      const added = await buyer.client.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: game.productId,
      });
      expect(added.statusCode).toBe(200);
      buyers.push(buyer);
    }

    const attempts = await Promise.all(buyers.map((buyer) => startCheckout(buyer.client)));
    const winners = attempts.filter((a) => a.status === 200);
    const losers = attempts.filter((a) => a.status !== 200);
    expect(winners).toHaveLength(10);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body).toMatchObject({ error: 'OUT_OF_STOCK' });
      expect(String(loser.body.message)).toContain('Final Ten');
    }

    const payments = await Promise.all(winners.map((w) => payOnHostedPage(ctx.app, w.sessionId ?? '')));
    for (const payment of payments) expect(payment.statusCode).toBe(303);

    const sold = await queryRows<{ n: number; orders: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n, count(distinct order_id)::int as orders from game_keys where game_id = ${game.id} and status = 'sold'`,
    );
    expect(sold).toEqual([{ n: 10, orders: 10 }]);
    const paid = await queryRows(
      ctx.dbHandle,
      sql`select id from orders where status = 'paid' and id in (select order_id from order_lines where game_id = ${game.id})`,
    );
    expect(paid).toHaveLength(10);
    const doubleSold = await queryRows(
      ctx.dbHandle,
      sql`select code_fingerprint from game_keys where status = 'sold' group by code_fingerprint having count(*) > 1`,
    );
    expect(doubleSold).toEqual([]);
  });
});

// One argon2 hash shared by the 50 buyers keeps the set-up fast; each still logs in for real.
const PRE_HASHED = await (await import('../../src/lib/password.ts')).hashPassword('correct-horse-battery-42');
