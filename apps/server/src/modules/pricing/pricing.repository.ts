import type { PricePoint } from '@keyland/core/pricing';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  type gamePriceChanges,
  games,
  orderLines,
  orders,
  promotionGames,
  promotions,
} from '../../db/schema/index.ts';
import { linkedIds, replaceLinks, rowsOf } from '../../db/sql-helpers.ts';

export type PromotionRecord = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;
export type PriceChangeCause = (typeof gamePriceChanges.$inferSelect)['cause'];

/** A promotion with its chosen games (for scope `games`). */
export type PromotionRow = PromotionRecord & { gameIds: number[] };

/** What the pricing rule reads of a game. */
export interface GamePriceRow {
  id: number;
  platform: string;
  listPriceCents: number;
  priceCents: number;
  salePromotionId: number | null;
  saleReferenceCents: number | null;
  saleStartedAt: Date | null;
  saleEndsAt: Date | null;
}

/** The sale facts written on a game (all null when it is back at its regular price). */
export interface GameSale {
  priceCents: number;
  salePromotionId: number | null;
  saleReferenceCents: number | null;
  saleStartedAt: Date | null;
  saleEndsAt: Date | null;
}

/** A promotion is in force at `now` between its start and its end, unless an admin ended it. */
export const inForce = (now: Date): SQL =>
  and(lte(promotions.startsAt, now), gt(promotions.endsAt, now), isNull(promotions.endedEarlyAt)) as SQL;

const gamePriceColumns = {
  id: games.id,
  platform: games.platform,
  listPriceCents: games.listPriceCents,
  priceCents: games.priceCents,
  salePromotionId: games.salePromotionId,
  saleReferenceCents: games.saleReferenceCents,
  saleStartedAt: games.saleStartedAt,
  saleEndsAt: games.saleEndsAt,
};

export function createPricingRepository(db: Executor) {
  const gameLinks = {
    table: promotionGames,
    owner: promotionGames.promotionId,
    linked: promotionGames.gameId,
  };
  const withGames = async (rows: PromotionRecord[]): Promise<PromotionRow[]> => {
    const gameIds = await linkedIds(db, gameLinks, rows);
    return rows.map((row) => ({ ...row, gameIds: gameIds(row.id) }));
  };

  return {
    /**
     * Declares, for the rest of the transaction, why prices change, who changes them and when: the price
     * ledger's trigger writes these with every change (docs/decisions/032-price-ledger-and-promotions.md).
     */
    async declarePriceChange(cause: PriceChangeCause, actor: string | null, at: Date): Promise<void> {
      await db.execute(sql`select set_config('keyland.price_cause', ${cause}, true),
        set_config('keyland.price_actor', ${actor ?? ''}, true),
        set_config('keyland.price_at', ${at.toISOString()}, true)`);
    },

    async list(): Promise<PromotionRow[]> {
      return withGames(
        await db.select().from(promotions).orderBy(desc(promotions.startsAt), desc(promotions.id)),
      );
    },

    async byId(id: number, lock = false): Promise<PromotionRow | undefined> {
      const query = db.select().from(promotions).where(eq(promotions.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ? (await withGames([row]))[0] : undefined;
    },

    /** Promotions in force at `now`. */
    async inForce(now: Date): Promise<PromotionRow[]> {
      return withGames(await db.select().from(promotions).where(inForce(now)));
    },

    /** Promotions in force whose prices have not been put on their games yet. */
    async waitingToApply(now: Date): Promise<PromotionRecord[]> {
      return db
        .select()
        .from(promotions)
        .where(and(inForce(now), isNull(promotions.appliedAt)));
    },

    async insert(values: NewPromotion, gameIds: readonly number[]): Promise<number> {
      const [row] = await db.insert(promotions).values(values).returning({ id: promotions.id });
      if (!row) throw new Error('promotion not inserted');
      await this.setGames(row.id, gameIds);
      return row.id;
    },

    async update(id: number, values: Partial<NewPromotion>): Promise<void> {
      await db
        .update(promotions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(promotions.id, id));
    },

    async setGames(id: number, gameIds: readonly number[]): Promise<void> {
      await replaceLinks(
        db,
        gameLinks,
        id,
        gameIds.map((gameId) => ({ promotionId: id, gameId })),
      );
    },

    async markApplied(ids: readonly number[], at: Date): Promise<void> {
      if (ids.length > 0)
        await db.update(promotions).set({ appliedAt: at }).where(inArray(promotions.id, ids));
    },

    /** Games whose existence a promotion needs (ids that exist). */
    async existingGameIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(inArray(games.id, [...ids]));
      return rows.map((r) => r.id);
    },

    async titlesOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: games.id, title: games.title })
        .from(games)
        .where(inArray(games.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    /** The price rows of the given games, locked for the change that follows. */
    async gamesById(ids: readonly number[]): Promise<GamePriceRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(gamePriceColumns)
        .from(games)
        .where(inArray(games.id, [...ids]))
        .orderBy(games.id)
        .for('update');
    },

    /** The games a promotion of scope `platform` or `all` covers. */
    async gamesInScope(scope: { scope: string; platform: string | null }): Promise<number[]> {
      const where = scope.scope === 'platform' ? eq(games.platform, scope.platform ?? '') : undefined;
      const rows = await db.select({ id: games.id }).from(games).where(where);
      return rows.map((r) => r.id);
    },

    /** Games on sale from a promotion that is no longer in force at `now`. */
    async gamesWithLapsedSale(now: Date): Promise<number[]> {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .leftJoin(promotions, eq(promotions.id, games.salePromotionId))
        .where(and(isNotNull(games.salePromotionId), or(isNull(promotions.id), sql`not (${inForce(now)})`)));
      return rows.map((r) => r.id);
    },

    /** How many games each promotion lowers now, in one query. */
    async gamesOnSaleCounts(promotionIds: readonly number[]): Promise<Map<number, number>> {
      if (promotionIds.length === 0) return new Map();
      const rows = await db
        .select({ promotionId: games.salePromotionId, n: sql<number>`count(*)::int` })
        .from(games)
        .where(inArray(games.salePromotionId, [...promotionIds]))
        .groupBy(games.salePromotionId);
      return new Map(rows.map((r) => [r.promotionId ?? 0, r.n]));
    },

    async setSale(gameId: number, sale: GameSale): Promise<void> {
      await db.update(games).set(sale).where(eq(games.id, gameId));
    },

    /**
     * The ledger of the given games from `from` on, with the entry in effect at `from` (the last one
     * before it), oldest first.
     */
    async ledgerSince(gameIds: readonly number[], from: Date): Promise<Map<number, PricePoint[]>> {
      const byGame = new Map<number, PricePoint[]>();
      if (gameIds.length === 0) return byGame;
      const ids = sql.join(
        gameIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await rowsOf<{
        game_id: number;
        price_cents: number;
        promotion_id: number | null;
        changed_at: string | Date;
      }>(
        db,
        sql`
        (select distinct on (game_id) game_id, price_cents, promotion_id, changed_at, id
           from game_price_changes where game_id in (${ids}) and changed_at <= ${from.toISOString()}
           order by game_id, changed_at desc, id desc)
        union all
        (select game_id, price_cents, promotion_id, changed_at, id
           from game_price_changes where game_id in (${ids}) and changed_at > ${from.toISOString()})
        order by changed_at, id`,
      );
      for (const row of rows) {
        const points = byGame.get(row.game_id) ?? [];
        points.push({
          at: new Date(row.changed_at),
          priceCents: row.price_cents,
          promotionId: row.promotion_id,
        });
        byGame.set(row.game_id, points);
      }
      return byGame;
    },

    /** A listed game's price facts by its provider id (hidden games have no public history). */
    async listedGame(providerId: string) {
      const [row] = await db
        .select({
          ...gamePriceColumns,
          discountPercent: games.discountPercent,
        })
        .from(games)
        .where(and(eq(games.providerId, providerId), eq(games.hidden, false), gt(games.priceCents, 0)))
        .limit(1);
      return row;
    },

    /** Paid keys sold at each promotion's price and what they brought in, in cents. */
    async salesOf(ids: readonly number[]): Promise<Map<number, { keys: number; cents: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          promotionId: orderLines.promotionId,
          keys: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
          cents: sql<number>`coalesce(sum(${orderLines.totalCents}), 0)::int`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(inArray(orderLines.promotionId, [...ids]), eq(orders.status, 'paid')))
        .groupBy(orderLines.promotionId);
      return new Map(rows.map((r) => [r.promotionId ?? 0, { keys: r.keys, cents: r.cents }]));
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
export type { Transaction };
