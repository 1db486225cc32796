import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { gameKeys, games } from '../../../db/schema/index.ts';
import { likeEscape, pageWithTotal } from '../../../db/sql-helpers.ts';

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
export interface KeyCounts {
  available: number;
  reserved: number;
  sold: number;
  revoked: number;
}

const NO_KEYS: KeyCounts = { available: 0, reserved: 0, sold: 0, revoked: 0 };

/** Every game (hidden ones included) with its key counts, for the back office. */
export function createProductsRepository(db: Executor) {
  function searchWhere(q: string | undefined): SQL | undefined {
    if (!q) return undefined;
    const pattern = `%${likeEscape(q)}%`;
    const byTitle = sql`keyland_unaccent(lower(${games.title})) like keyland_unaccent(lower(${pattern}))`;
    const exact = /^[0-9]{1,9}$/.test(q) ? sql` or ${games.id} = ${Number(q)}` : sql``;
    return sql`(${byTitle} or ${games.providerId} = ${q} or ${games.productId} = ${q}${exact})`;
  }

  async function keyCounts(ids: number[]): Promise<Map<number, KeyCounts>> {
    const result = new Map<number, KeyCounts>();
    if (ids.length === 0) return result;
    const rows = await db
      .select({ gameId: gameKeys.gameId, status: gameKeys.status, n: count() })
      .from(gameKeys)
      .where(inArray(gameKeys.gameId, ids))
      .groupBy(gameKeys.gameId, gameKeys.status);
    for (const row of rows) {
      const counts = result.get(row.gameId) ?? { ...NO_KEYS };
      // A defective key (claimed as not working, replaced or refunded) is out of sale for good, as a revoked one.
      const status = row.status === 'defective' ? 'revoked' : row.status;
      counts[status] += row.n;
      result.set(row.gameId, counts);
    }
    return result;
  }

  return {
    keyCounts,

    async countsOf(id: number): Promise<KeyCounts> {
      return (await keyCounts([id])).get(id) ?? { ...NO_KEYS };
    },

    async page(options: { q?: string | undefined; offset: number; limit: number }) {
      const where = searchWhere(options.q);
      return pageWithTotal(
        db.select().from(games).where(where).orderBy(asc(games.id)).$dynamic(),
        db.select({ n: count() }).from(games).where(where),
        options,
      );
    },

    async find(id: number, lock = false): Promise<GameRow | undefined> {
      const query = db.select().from(games).where(eq(games.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async insert(values: NewGameRow): Promise<GameRow> {
      const [row] = await db.insert(games).values(values).returning();
      if (!row) throw new Error('Game insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<NewGameRow>): Promise<GameRow | undefined> {
      const [row] = await db.update(games).set(values).where(eq(games.id, id)).returning();
      return row;
    },

    async setHidden(id: number, hidden: boolean): Promise<GameRow | undefined> {
      const [row] = await db.update(games).set({ hidden }).where(eq(games.id, id)).returning();
      return row;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
