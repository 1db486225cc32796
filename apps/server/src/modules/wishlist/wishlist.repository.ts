import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, games, wishlistAlertMails, wishlistItems } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { availableStock } from '../stock/index.ts';

/** The newest row of a game's price ledger (every change of its price is one, decision 032). */
const latestPriceChange = sql<number | null>`(
  select max(c.id) from game_price_changes c where c.game_id = "games"."id"
)`.mapWith(Number);

/** What the wishlist shows of a game. */
const gameColumns = {
  gameId: games.id,
  providerId: games.providerId,
  productId: games.productId,
  title: games.title,
  slug: games.slug,
  platform: games.platform,
  coverUrl: games.coverUrl,
  priceCents: games.priceCents,
  saleReferenceCents: games.saleReferenceCents,
  discountPercent: games.discountPercent,
  saleEndsAt: games.saleEndsAt,
  hidden: games.hidden,
  stock: availableStock,
};

const itemColumns = {
  ...gameColumns,
  itemId: wishlistItems.id,
  addedAt: wishlistItems.addedAt,
  priceAlert: wishlistItems.priceAlert,
  priceBelowCents: wishlistItems.priceBelowCents,
  stockAlert: wishlistItems.stockAlert,
};

/** The alert settings of an entry and the state the round compares with. */
export interface AlertState {
  priceAlert: boolean;
  priceBelowCents: number | null;
  stockAlert: boolean;
  priceSeenCents: number | null;
  priceSeenChangeId: number | null;
  outOfStock: boolean;
}

/** The columns of an entry's AlertState. */
const alertStateColumns = {
  priceAlert: wishlistItems.priceAlert,
  priceBelowCents: wishlistItems.priceBelowCents,
  stockAlert: wishlistItems.stockAlert,
  priceSeenCents: wishlistItems.priceSeenCents,
  priceSeenChangeId: wishlistItems.priceSeenChangeId,
  outOfStock: wishlistItems.outOfStock,
};

export function createWishlistRepository(db: Executor) {
  return {
    /** A game by its provider id: its current price, stock and newest ledger row. */
    async game(providerId: string) {
      const [row] = await db
        .select({
          id: games.id,
          hidden: games.hidden,
          priceCents: games.priceCents,
          stock: availableStock,
          latestChangeId: latestPriceChange,
        })
        .from(games)
        .where(eq(games.providerId, providerId))
        .limit(1);
      return row;
    },

    async count(customerId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(wishlistItems)
        .where(eq(wishlistItems.customerId, customerId));
      return row?.n ?? 0;
    },

    /** Locks the customer's row, so that two additions at once cannot both pass the limit. */
    async lockCustomer(customerId: number): Promise<void> {
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    },

    /** Answers whether the game was added (false when it was on the list already). */
    async add(customerId: number, gameId: number, at: Date): Promise<boolean> {
      const added = await db
        .insert(wishlistItems)
        .values({ customerId, gameId, addedAt: at })
        .onConflictDoNothing()
        .returning({ id: wishlistItems.id });
      return added.length > 0;
    },

    async remove(customerId: number, gameId: number): Promise<boolean> {
      const gone = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.gameId, gameId)))
        .returning({ id: wishlistItems.id });
      return gone.length > 0;
    },

    /** The customer's entries with their games, the latest added first (or the one of `gameId`). */
    async items(customerId: number, gameId?: number) {
      return db
        .select(itemColumns)
        .from(wishlistItems)
        .innerJoin(games, eq(games.id, wishlistItems.gameId))
        .where(
          and(
            eq(wishlistItems.customerId, customerId),
            gameId === undefined ? undefined : eq(wishlistItems.gameId, gameId),
          ),
        )
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id));
    },

    /**
     * The lowest selling price of each game in effect at any moment between `from` and `to`: the price in
     * force at `from` (the last ledger row before it) and every price set after it until `to`.
     */
    async lowestBetween(gameIds: readonly number[], from: Date, to: Date): Promise<Map<number, number>> {
      if (gameIds.length === 0) return new Map();
      const ids = sql.join(
        gameIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await rowsOf<{ game_id: number; lowest: number }>(
        db,
        sql`select game_id, min(price_cents)::int as lowest from (
          (select distinct on (game_id) game_id, price_cents from game_price_changes
            where game_id in (${ids}) and changed_at <= ${from.toISOString()}
            order by game_id, changed_at desc, id desc)
          union all
          (select game_id, price_cents from game_price_changes
            where game_id in (${ids}) and changed_at > ${from.toISOString()}
              and changed_at <= ${to.toISOString()})
        ) prices group by game_id`,
      );
      return new Map(rows.map((r) => [Number(r.game_id), Number(r.lowest)]));
    },

    async setAlert(customerId: number, gameId: number, state: AlertState): Promise<boolean> {
      const updated = await db
        .update(wishlistItems)
        .set(state)
        .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.gameId, gameId)))
        .returning({ id: wishlistItems.id });
      return updated.length > 0;
    },

    /**
     * Every entry with an alert on of a customer who can get mail, with what the round needs: the game's
     * price, stock and newest ledger row, and the customer's address, name and language.
     */
    async alertCandidates() {
      return db
        .select({
          ...gameColumns,
          itemId: wishlistItems.id,
          customerId: wishlistItems.customerId,
          ...alertStateColumns,
          latestChangeId: latestPriceChange,
          email: customers.email,
          fullName: customers.fullName,
          lang: customers.lang,
        })
        .from(wishlistItems)
        .innerJoin(games, eq(games.id, wishlistItems.gameId))
        .innerJoin(customers, eq(customers.id, wishlistItems.customerId))
        .where(and(or(wishlistItems.priceAlert, wishlistItems.stockAlert), eq(customers.suspended, false)))
        .orderBy(wishlistItems.customerId, wishlistItems.id);
    },

    /** Locks entries for the change that follows and answers their alert state as it is now. */
    async lockStates(itemIds: readonly number[]): Promise<Map<number, AlertState>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: wishlistItems.id,
          ...alertStateColumns,
        })
        .from(wishlistItems)
        .where(inArray(wishlistItems.id, [...itemIds]))
        .orderBy(wishlistItems.id)
        .for('update');
      return new Map(rows.map(({ id, ...state }) => [id, state]));
    },

    async updateState(itemId: number, state: Partial<AlertState>): Promise<void> {
      await db.update(wishlistItems).set(state).where(eq(wishlistItems.id, itemId));
    },

    /** Customers among `customerIds` who got an alert mail after `since`. */
    async mailedSince(customerIds: readonly number[], since: Date): Promise<Set<number>> {
      if (customerIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ customerId: wishlistAlertMails.customerId })
        .from(wishlistAlertMails)
        .where(
          and(inArray(wishlistAlertMails.customerId, [...customerIds]), gt(wishlistAlertMails.sentAt, since)),
        );
      return new Set(rows.map((r) => r.customerId));
    },

    async recordMail(customerId: number, sentAt: Date, count: number, tokenHash: string): Promise<void> {
      await db.insert(wishlistAlertMails).values({ customerId, sentAt, games: count, tokenHash });
    },

    /** The customer of an alert mail sent after `since`, by its unsubscribe token's hash. */
    async customerOfToken(tokenHash: string, since: Date): Promise<number | undefined> {
      const [row] = await db
        .select({ customerId: wishlistAlertMails.customerId })
        .from(wishlistAlertMails)
        .where(and(eq(wishlistAlertMails.tokenHash, tokenHash), gt(wishlistAlertMails.sentAt, since)));
      return row?.customerId;
    },

    /** Turns every alert of the customer off; answers how many entries had one. */
    async alertsOff(customerId: number): Promise<number> {
      const changed = await db
        .update(wishlistItems)
        .set({ priceAlert: false, priceBelowCents: null, stockAlert: false })
        .where(
          and(
            eq(wishlistItems.customerId, customerId),
            or(wishlistItems.priceAlert, wishlistItems.stockAlert),
          ),
        )
        .returning({ id: wishlistItems.id });
      return changed.length;
    },

    /** Alert mails sent before `before`: their unsubscribe links no longer work. */
    async forgetMailsBefore(before: Date): Promise<void> {
      await db.delete(wishlistAlertMails).where(lt(wishlistAlertMails.sentAt, before));
    },

    async mailsOf(customerId: number) {
      return db
        .select({ sentAt: wishlistAlertMails.sentAt, games: wishlistAlertMails.games })
        .from(wishlistAlertMails)
        .where(eq(wishlistAlertMails.customerId, customerId))
        .orderBy(wishlistAlertMails.sentAt, wishlistAlertMails.id);
    },

    async erase(customerId: number): Promise<void> {
      await db.delete(wishlistItems).where(eq(wishlistItems.customerId, customerId));
      await db.delete(wishlistAlertMails).where(eq(wishlistAlertMails.customerId, customerId));
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
export type WishlistRow = Awaited<ReturnType<WishlistRepository['items']>>[number];
export type AlertCandidate = Awaited<ReturnType<WishlistRepository['alertCandidates']>>[number];
