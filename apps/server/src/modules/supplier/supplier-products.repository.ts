import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games, supplierProducts, supplierSyncRuns } from '../../db/schema/index.ts';

export type SyncRunRow = typeof supplierSyncRuns.$inferSelect;

/** A supplier product already known, with the game it feeds. */
export interface KnownProduct {
  id: number;
  supplierProductId: string;
  gameId: number;
  buyCents: number;
  quantity: number;
  listed: boolean;
  hiddenBySync: boolean;
  priceOverrideCents: number | null;
  priceCents: number;
  gameHidden: boolean;
}

export interface GameChange {
  gameId: number;
  priceCents: number;
  buyCents: number;
  /** Show the game again (only when the sync itself had hidden it). */
  unhide: boolean;
}

/**
 * The supplier's price list as the store keeps it: sync runs, supplier products and the games they feed.
 * The only code touching these tables.
 */
export function createSupplierProductsRepository(db: Executor) {
  /** The supplier's listed products matching `where`, with whether their game is hidden. */
  const listedWithGame = (supplier: string, where: SQL | undefined) =>
    db
      .select({ id: supplierProducts.id, gameId: supplierProducts.gameId, gameHidden: games.hidden })
      .from(supplierProducts)
      .innerJoin(games, eq(games.id, supplierProducts.gameId))
      .where(and(eq(supplierProducts.supplier, supplier), eq(supplierProducts.listed, true), where));

  return {
    async latestRun(supplier: string): Promise<SyncRunRow | undefined> {
      const [row] = await db
        .select()
        .from(supplierSyncRuns)
        .where(eq(supplierSyncRuns.supplier, supplier))
        .orderBy(desc(supplierSyncRuns.id))
        .limit(1);
      return row;
    },

    async createRun(supplier: string, trigger: 'schedule' | 'admin'): Promise<SyncRunRow> {
      const [row] = await db.insert(supplierSyncRuns).values({ supplier, trigger }).returning();
      if (!row) throw new Error('sync run not created');
      return row;
    },

    async updateRun(id: number, values: Partial<typeof supplierSyncRuns.$inferInsert>): Promise<void> {
      await db.update(supplierSyncRuns).set(values).where(eq(supplierSyncRuns.id, id));
    },

    async known(supplier: string, productIds: string[]): Promise<Map<string, KnownProduct>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: supplierProducts.id,
          supplierProductId: supplierProducts.supplierProductId,
          gameId: supplierProducts.gameId,
          buyCents: supplierProducts.buyCents,
          quantity: supplierProducts.quantity,
          listed: supplierProducts.listed,
          hiddenBySync: supplierProducts.hiddenBySync,
          priceOverrideCents: supplierProducts.priceOverrideCents,
          // The regular price the pricing rule sets (a running sale's price is the pricing module's).
          priceCents: games.listPriceCents,
          gameHidden: games.hidden,
        })
        .from(supplierProducts)
        .innerJoin(games, eq(games.id, supplierProducts.gameId))
        .where(
          and(
            eq(supplierProducts.supplier, supplier),
            inArray(supplierProducts.supplierProductId, productIds),
          ),
        );
      return new Map(rows.map((r) => [r.supplierProductId, r]));
    },

    /** Inserts new games (or links an existing game with the same product id); answers their ids. */
    async insertGames(values: (typeof games.$inferInsert)[]): Promise<Map<string, number>> {
      if (values.length === 0) return new Map();
      const rows = await db
        .insert(games)
        .values(values)
        .onConflictDoUpdate({ target: games.productId, set: { updatedAt: sql`now()` } })
        .returning({ id: games.id, productId: games.productId });
      return new Map(rows.map((r) => [r.productId, r.id]));
    },

    async insertProducts(values: (typeof supplierProducts.$inferInsert)[]): Promise<void> {
      if (values.length === 0) return;
      await db
        .insert(supplierProducts)
        .values(values)
        .onConflictDoUpdate({
          target: supplierProducts.gameId,
          set: {
            buyCents: sql`excluded.buy_cents`,
            quantity: sql`excluded.quantity`,
            listed: true,
            lastRunId: sql`excluded.last_run_id`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Writes new regular prices (and shows again games the sync had hidden) in one statement. */
    async updateGames(changes: GameChange[]): Promise<void> {
      if (changes.length === 0) return;
      const rows = sql.join(
        changes.map(
          (c) => sql`(${c.gameId}::int, ${c.priceCents}::int, ${c.buyCents}::int, ${c.unhide}::boolean)`,
        ),
        sql`, `,
      );
      await db.execute(sql`update ${games} as g
        set list_price_cents = v.price, price_buy_cents = v.buy,
            hidden = case when v.unhide then false else g.hidden end, updated_at = now()
        from (values ${rows}) as v(id, price, buy, unhide) where g.id = v.id`);
    },

    /** Refreshes the supplier rows seen in this run (buying price, quantity, listed again). */
    async touchProducts(
      rows: { id: number; buyCents: number; quantity: number }[],
      runId: number,
    ): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::int, ${r.buyCents}::int, ${r.quantity}::int)`),
        sql`, `,
      );
      await db.execute(sql`update ${supplierProducts} as sp
        set buy_cents = v.buy, quantity = v.quantity, listed = true, hidden_by_sync = false,
            last_run_id = ${runId}, updated_at = now()
        from (values ${values}) as v(id, buy, quantity) where sp.id = v.id`);
    },

    /** New quantities from a stock notification (listed products only). */
    async setQuantities(supplier: string, items: { productId: string; quantity: number }[]): Promise<void> {
      for (const item of items)
        await db
          .update(supplierProducts)
          .set({ quantity: item.quantity, updatedAt: new Date() })
          .where(
            and(
              eq(supplierProducts.supplier, supplier),
              eq(supplierProducts.supplierProductId, item.productId),
              eq(supplierProducts.listed, true),
            ),
          );
    },

    /** One product no longer sold: delisted, its game hidden unless an admin had hidden it already. */
    async delistProduct(supplier: string, productId: string): Promise<void> {
      const [row] = await listedWithGame(supplier, eq(supplierProducts.supplierProductId, productId));
      if (!row) return;
      await db
        .update(supplierProducts)
        .set({ listed: false, quantity: 0, hiddenBySync: !row.gameHidden, updatedAt: new Date() })
        .where(eq(supplierProducts.id, row.id));
      if (!row.gameHidden) await db.update(games).set({ hidden: true }).where(eq(games.id, row.gameId));
    },

    /**
     * Products of the supplier not seen in the run: no longer sold. Their games are hidden (never deleted);
     * a game an admin had hidden already keeps `hiddenBySync` false, so a later listing does not show it.
     */
    async delistUnseen(supplier: string, runId: number): Promise<number> {
      const gone = await listedWithGame(
        supplier,
        or(isNull(supplierProducts.lastRunId), ne(supplierProducts.lastRunId, runId)),
      );
      if (gone.length === 0) return 0;
      const hideNow = gone.filter((g) => !g.gameHidden);
      if (hideNow.length > 0) {
        const productIds = hideNow.map((g) => g.id);
        const gameIds = hideNow.map((g) => g.gameId);
        await db
          .update(supplierProducts)
          .set({ hiddenBySync: true })
          .where(inArray(supplierProducts.id, productIds));
        await db.update(games).set({ hidden: true }).where(inArray(games.id, gameIds));
      }
      await db
        .update(supplierProducts)
        .set({ listed: false, quantity: 0, updatedAt: new Date() })
        .where(
          inArray(
            supplierProducts.id,
            gone.map((g) => g.id),
          ),
        );
      return gone.length;
    },

    async ofGame(gameId: number) {
      const [row] = await db
        .select({ product: supplierProducts, priceCents: games.listPriceCents })
        .from(supplierProducts)
        .innerJoin(games, eq(games.id, supplierProducts.gameId))
        .where(eq(supplierProducts.gameId, gameId))
        .limit(1);
      return row;
    },

    async setOverride(gameId: number, overrideCents: number | null, priceCents: number): Promise<void> {
      await db
        .update(supplierProducts)
        .set({ priceOverrideCents: overrideCents, updatedAt: new Date() })
        .where(eq(supplierProducts.gameId, gameId));
      await db.update(games).set({ listPriceCents: priceCents }).where(eq(games.id, gameId));
    },

    /** The supplier product of a game the supplier still sells, if any. */
    async listedProduct(supplier: string, gameId: number) {
      const [row] = await db
        .select()
        .from(supplierProducts)
        .where(
          and(
            eq(supplierProducts.supplier, supplier),
            eq(supplierProducts.gameId, gameId),
            eq(supplierProducts.listed, true),
          ),
        )
        .limit(1);
      return row;
    },

    /** Keys listed at the last sync for each of these games that the supplier sells (one query). */
    async listedQuantities(supplier: string, gameIds: number[]): Promise<Map<number, number>> {
      if (gameIds.length === 0) return new Map();
      const rows = await db
        .select({ gameId: supplierProducts.gameId, quantity: supplierProducts.quantity })
        .from(supplierProducts)
        .where(
          and(
            eq(supplierProducts.supplier, supplier),
            inArray(supplierProducts.gameId, gameIds),
            eq(supplierProducts.listed, true),
          ),
        );
      return new Map(rows.map((row) => [row.gameId, row.quantity]));
    },
  };
}
