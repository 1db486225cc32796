import type { ActivationScope } from '@keyland/core/activation';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { availableStock } from '../stock/index.ts';

export interface SellableGame {
  id: number;
  title: string;
  productId: string;
  identifier: string;
  providerId: string;
  platform: string;
  coverUrl: string | null;
  priceCents: number;
  /** The regular price, and the promotion lowering `priceCents` to a sale price when one does. */
  listPriceCents: number;
  salePromotionId: number | null;
  hidden: boolean;
  available: number;
  activationScope: ActivationScope;
  activationCountries: string[];
  /** Whether it may be pre-ordered, and its release date (modules/preorders decides what that makes it). */
  preorderAllowed: boolean;
  releaseDate: string | null;
}

export interface CartLineRow extends SellableGame {
  lineId: number;
  quantity: number;
  /** The customer confirmed the region warning (kept with the order the checkout makes of the cart). */
  regionConfirmedAt: Date | null;
  regionConfirmedCountry: string | null;
}

const gameColumns = {
  id: games.id,
  title: games.title,
  productId: games.productId,
  identifier: games.identifier,
  providerId: games.providerId,
  platform: games.platform,
  coverUrl: games.coverUrl,
  priceCents: games.priceCents,
  listPriceCents: games.listPriceCents,
  salePromotionId: games.salePromotionId,
  hidden: games.hidden,
  available: availableStock,
  activationScope: games.activationScope,
  activationCountries: games.activationCountries,
  preorderAllowed: games.preorderAllowed,
  releaseDate: games.releaseDate,
};

/** The draft order (cart) of each customer and its lines. */
export function createCartRepository(db: Executor) {
  /** The id of the customer's draft, as a sub-select. */
  const draftOf = (customerId: number) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.status, 'draft')));

  const linesWhere = (where: SQL): Promise<CartLineRow[]> =>
    db
      .select({
        ...gameColumns,
        lineId: orderLines.id,
        quantity: orderLines.quantity,
        regionConfirmedAt: orderLines.regionConfirmedAt,
        regionConfirmedCountry: orderLines.regionConfirmedCountry,
      })
      .from(orderLines)
      .innerJoin(games, eq(games.id, orderLines.gameId))
      .where(where)
      .orderBy(asc(orderLines.id));

  return {
    async findDraftId(customerId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'draft')));
      return row?.id;
    },

    /** The customer's draft with the coupon code applied to it, in one statement. */
    async findDraft(customerId: number): Promise<{ id: number; couponCodeId: number | null } | undefined> {
      const [row] = await db
        .select({ id: orders.id, couponCodeId: orders.couponCodeId })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'draft')));
      return row;
    },

    /** The customer's draft, created when missing (one per customer, enforced by a partial unique index). */
    async ensureDraftId(customerId: number): Promise<number> {
      const found = await this.findDraftId(customerId);
      if (found !== undefined) return found;
      await db
        .insert(orders)
        .values({ customerId, status: 'draft' })
        .onConflictDoNothing({ target: orders.customerId, where: sql`${orders.status} = 'draft'` });
      const id = await this.findDraftId(customerId);
      if (id === undefined) throw new Error('Draft order missing after insert');
      return id;
    },

    async gameByProductId(productId: string): Promise<SellableGame | undefined> {
      const [row] = await db.select(gameColumns).from(games).where(eq(games.productId, productId));
      return row;
    },

    async gameByTitle(title: string): Promise<SellableGame | undefined> {
      const [row] = await db
        .select(gameColumns)
        .from(games)
        .where(eq(games.title, title))
        .orderBy(asc(games.id))
        .limit(1);
      return row;
    },

    async lines(orderId: number): Promise<CartLineRow[]> {
      return linesWhere(eq(orderLines.orderId, orderId));
    },

    /** The lines of the customer's draft (none without one), in one statement. */
    async draftLines(customerId: number): Promise<CartLineRow[]> {
      return linesWhere(inArray(orderLines.orderId, draftOf(customerId)));
    },

    /** Sets a game's line in a draft (created when missing); answers the line's id. */
    /**
     * Adds or updates a cart line; `regionConfirmed` records the customer's confirmation to buy a game whose
     * keys do not activate in their country (kept with the order as evidence).
     */
    async upsertLine(
      orderId: number,
      game: SellableGame,
      quantity: number,
      regionConfirmed?: { at: Date; country: string },
    ): Promise<number> {
      const confirmation = regionConfirmed
        ? { regionConfirmedAt: regionConfirmed.at, regionConfirmedCountry: regionConfirmed.country }
        : {};
      const [row] = await db
        .insert(orderLines)
        .values({ orderId, gameId: game.id, title: game.title, quantity, ...confirmation })
        .onConflictDoUpdate({
          target: [orderLines.orderId, orderLines.gameId],
          set: { quantity, ...confirmation },
        })
        .returning({ id: orderLines.id });
      if (!row) throw new Error('Order line upsert returned no row');
      return row.id;
    },

    async setQuantity(lineId: number, quantity: number): Promise<void> {
      await db.update(orderLines).set({ quantity }).where(eq(orderLines.id, lineId));
    },

    async deleteLine(lineId: number): Promise<void> {
      await db.delete(orderLines).where(eq(orderLines.id, lineId));
    },

    /**
     * Takes games just bought, and the coupon their order used, out of the customer's draft: one statement
     * (the deletion rides along the update as a data-modifying CTE).
     */
    async removeBought(customerId: number, gameIds: number[]): Promise<void> {
      const removed = db.$with('removed').as(
        db
          .delete(orderLines)
          .where(and(inArray(orderLines.orderId, draftOf(customerId)), inArray(orderLines.gameId, gameIds)))
          .returning({ id: orderLines.id }),
      );
      await db
        .with(removed)
        .update(orders)
        .set({ couponCodeId: null })
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'draft')));
    },

    /** The coupon code applied to a draft, if any. */
    async couponCodeOf(orderId: number): Promise<number | null> {
      const [row] = await db
        .select({ codeId: orders.couponCodeId })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row?.codeId ?? null;
    },

    async setCoupon(orderId: number, codeId: number | null): Promise<void> {
      await db.update(orders).set({ couponCodeId: codeId }).where(eq(orders.id, orderId));
    },

    async clear(orderId: number): Promise<void> {
      await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
