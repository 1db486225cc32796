import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app.ts';
import { queryRows } from './test-db.ts';

/** The order's status as stored (undefined when there is no such order). */
export async function orderStatus(ctx: TestContext, orderId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    ctx.dbHandle,
    sql`select status from orders where id = ${orderId}`,
  );
  return row?.status;
}

/** How many of the game's keys are in each status, e.g. `{ available: 1, reserved: 2 }`. */
export async function keyCounts(ctx: TestContext, gameId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    ctx.dbHandle,
    sql`select status, count(*)::int as n from game_keys where game_id = ${gameId} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
