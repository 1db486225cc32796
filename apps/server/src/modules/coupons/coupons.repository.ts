import { and, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { couponCodes, couponGames, couponRedemptions, coupons, orders } from '../../db/schema/index.ts';
import { linkedIds, replaceLinks } from '../../db/sql-helpers.ts';

export type CouponRecord = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
/** A coupon with its chosen games (scope `games`). */
export type CouponRow = CouponRecord & { gameIds: number[] };

/**
 * A use counts while its order may still be paid or was paid: not once the order was cancelled or expired
 * without a payment (the customer left the payment page, or the reservation lapsed).
 */
const useCounts = or(
  isNotNull(orders.paidAt),
  sql`${orders.status} not in ('cancelled', 'expired')`,
) as ReturnType<typeof or>;

export function createCouponsRepository(db: Executor) {
  const gameLinks = { table: couponGames, owner: couponGames.couponId, linked: couponGames.gameId };
  const withGames = async (rows: CouponRecord[]): Promise<CouponRow[]> => {
    const gameIds = await linkedIds(db, gameLinks, rows);
    return rows.map((row) => ({ ...row, gameIds: gameIds(row.id) }));
  };

  const usesWhere = async (where: ReturnType<typeof and>): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(and(where, useCounts));
    return row?.n ?? 0;
  };

  return {
    /** The coupon of a code (any case) and the code's id. */
    async byCode(code: string): Promise<{ coupon: CouponRow; codeId: number; code: string } | undefined> {
      const [row] = await db
        .select({ coupon: coupons, codeId: couponCodes.id, code: couponCodes.code })
        .from(couponCodes)
        .innerJoin(coupons, eq(coupons.id, couponCodes.couponId))
        .where(eq(couponCodes.code, code.trim().toUpperCase()))
        .limit(1);
      if (!row) return undefined;
      const [coupon] = await withGames([row.coupon]);
      return coupon ? { coupon, codeId: row.codeId, code: row.code } : undefined;
    },

    async byCodeId(codeId: number, lock = false) {
      const [link] = await db.select().from(couponCodes).where(eq(couponCodes.id, codeId)).limit(1);
      if (!link) return undefined;
      const coupon = await this.byId(link.couponId, lock);
      return coupon ? { coupon, codeId, code: link.code } : undefined;
    },

    async byId(id: number, lock = false): Promise<CouponRow | undefined> {
      const query = db.select().from(coupons).where(eq(coupons.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ? (await withGames([row]))[0] : undefined;
    },

    async list(): Promise<CouponRow[]> {
      return withGames(await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)));
    },

    async insert(values: NewCoupon, gameIds: readonly number[], codes: readonly string[]): Promise<number> {
      const [row] = await db.insert(coupons).values(values).returning({ id: coupons.id });
      if (!row) throw new Error('coupon not inserted');
      await this.setGames(row.id, gameIds);
      for (let i = 0; i < codes.length; i += 1000)
        await db
          .insert(couponCodes)
          .values(codes.slice(i, i + 1000).map((code) => ({ couponId: row.id, code })));
      return row.id;
    },

    async update(id: number, values: Partial<NewCoupon>): Promise<void> {
      await db.update(coupons).set(values).where(eq(coupons.id, id));
    },

    async setGames(id: number, gameIds: readonly number[]): Promise<void> {
      await replaceLinks(
        db,
        gameLinks,
        id,
        gameIds.map((gameId) => ({ couponId: id, gameId })),
      );
    },

    /** Which of the codes exist already (upper case). */
    async takenCodes(codes: readonly string[]): Promise<string[]> {
      if (codes.length === 0) return [];
      const rows = await db
        .select({ code: couponCodes.code })
        .from(couponCodes)
        .where(inArray(couponCodes.code, [...codes]));
      return rows.map((r) => r.code);
    },

    async codesOf(ids: readonly number[]): Promise<Map<number, { first: string; count: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ couponId: couponCodes.couponId, first: sql<string>`min(${couponCodes.code})`, n: count() })
        .from(couponCodes)
        .where(inArray(couponCodes.couponId, [...ids]))
        .groupBy(couponCodes.couponId);
      return new Map(rows.map((r) => [r.couponId, { first: r.first, count: r.n }]));
    },

    usesOf: (couponId: number) => usesWhere(eq(couponRedemptions.couponId, couponId)),
    usesOfCode: (codeId: number) => usesWhere(eq(couponRedemptions.codeId, codeId)),
    usesBy: (couponId: number, customerId: number) =>
      usesWhere(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.customerId, customerId))),

    async insertRedemption(values: typeof couponRedemptions.$inferInsert): Promise<void> {
      await db.insert(couponRedemptions).values(values);
    },

    /** Paid orders that used each coupon, the discount they got and what they paid, in cents. */
    async salesOf(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { uses: number; discount: number; revenue: number }>();
      const rows = await db
        .select({
          couponId: couponRedemptions.couponId,
          uses: sql<number>`count(*)::int`,
          discount: sql<number>`coalesce(sum(${couponRedemptions.discountCents}), 0)::int`,
          revenue: sql<number>`coalesce(sum(${orders.amountTotalCents}), 0)::int`,
        })
        .from(couponRedemptions)
        .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
        .where(and(inArray(couponRedemptions.couponId, [...ids]), eq(orders.status, 'paid')))
        .groupBy(couponRedemptions.couponId);
      return new Map(rows.map((r) => [r.couponId, r]));
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
