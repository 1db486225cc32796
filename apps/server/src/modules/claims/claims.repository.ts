import { and, asc, countDistinct, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  gameKeys,
  games,
  keyClaims,
  orderDisputes,
  orderLines,
  orders,
  supplierOrders,
} from '../../db/schema/index.ts';
import { availableStock } from '../stock/index.ts';

export type ClaimRow = typeof keyClaims.$inferSelect;
/** A claim without its screenshot's bytes (lists never carry them). */
export type ClaimSummary = Omit<ClaimRow, 'screenshot'> & {
  hasScreenshot: boolean;
  title: string;
  platform: string;
};

const summaryColumns = {
  id: keyClaims.id,
  orderId: keyClaims.orderId,
  orderLineId: keyClaims.orderLineId,
  keyId: keyClaims.keyId,
  gameId: keyClaims.gameId,
  customerId: keyClaims.customerId,
  reason: keyClaims.reason,
  note: keyClaims.note,
  screenshotType: keyClaims.screenshotType,
  status: keyClaims.status,
  outcome: keyClaims.outcome,
  replacementKeyId: keyClaims.replacementKeyId,
  refundCents: keyClaims.refundCents,
  refundId: keyClaims.refundId,
  creditNoteId: keyClaims.creditNoteId,
  rejectReason: keyClaims.rejectReason,
  resolvedBy: keyClaims.resolvedBy,
  resolvedAt: keyClaims.resolvedAt,
  supplierReport: keyClaims.supplierReport,
  createdAt: keyClaims.createdAt,
  hasScreenshot: sql<boolean>`${keyClaims.screenshot} is not null`,
  title: orderLines.title,
  platform: games.platform,
};

/** Key claims: the only code touching `key_claims`. */
export function createClaimsRepository(db: Executor) {
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(keyClaims)
      .innerJoin(orderLines, eq(orderLines.id, keyClaims.orderLineId))
      .innerJoin(games, eq(games.id, keyClaims.gameId));

  return {
    /** A sold key with its order and line, as a claim needs it; undefined when the key is not sold. */
    async soldKey(keyId: number) {
      const [row] = await db
        .select({
          keyId: gameKeys.id,
          gameId: gameKeys.gameId,
          soldAt: gameKeys.soldAt,
          keyCreatedAt: gameKeys.createdAt,
          orderId: orders.id,
          orderStatus: orders.status,
          customerId: orders.customerId,
          orderCreatedAt: orders.createdAt,
          orderLineId: orderLines.id,
        })
        .from(gameKeys)
        .innerJoin(orders, eq(orders.id, gameKeys.orderId))
        .innerJoin(orderLines, eq(orderLines.id, gameKeys.orderLineId))
        .where(and(eq(gameKeys.id, keyId), eq(gameKeys.status, 'sold')));
      return row;
    },

    /** Whether the order's payment has a dispute that is still open. */
    async hasOpenDispute(orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orderDisputes.id })
        .from(orderDisputes)
        .where(and(eq(orderDisputes.orderId, orderId), eq(orderDisputes.status, 'open')))
        .limit(1);
      return row !== undefined;
    },

    /** Whether the order line's keys were bought from the key supplier. */
    async boughtFromSupplier(orderLineId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: supplierOrders.id })
        .from(supplierOrders)
        .where(eq(supplierOrders.orderLineId, orderLineId))
        .limit(1);
      return row !== undefined;
    },

    /** The customer's claims since `since`, and on how many distinct orders, the one `except` left out. */
    async recordOf(customerId: number, since: Date, except?: number) {
      const [row] = await db
        .select({ claims: sql<number>`count(*)::int`, orders: countDistinct(keyClaims.orderId) })
        .from(keyClaims)
        .where(
          and(
            eq(keyClaims.customerId, customerId),
            gte(keyClaims.createdAt, since),
            except === undefined ? undefined : ne(keyClaims.id, except),
          ),
        );
      return { claims: row?.claims ?? 0, orders: Number(row?.orders ?? 0) };
    },

    /** The open claim of a key, if any. */
    async openClaimOf(keyId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: keyClaims.id })
        .from(keyClaims)
        .where(and(eq(keyClaims.keyId, keyId), eq(keyClaims.status, 'open')));
      return row?.id;
    },

    async insert(values: typeof keyClaims.$inferInsert): Promise<ClaimRow> {
      const [row] = await db.insert(keyClaims).values(values).returning();
      if (!row) throw new Error('claim not inserted');
      return row;
    },

    /** The claim, locked for the caller's transaction. */
    async lock(id: number): Promise<ClaimRow | undefined> {
      const [row] = await db.select().from(keyClaims).where(eq(keyClaims.id, id)).for('update');
      return row;
    },

    async resolve(id: number, values: Partial<typeof keyClaims.$inferInsert>): Promise<void> {
      await db.update(keyClaims).set(values).where(eq(keyClaims.id, id));
    },

    async summary(id: number): Promise<ClaimSummary | undefined> {
      const [row] = await summaries().where(eq(keyClaims.id, id));
      return row;
    },

    async ofCustomer(customerId: number): Promise<ClaimSummary[]> {
      return summaries().where(eq(keyClaims.customerId, customerId)).orderBy(desc(keyClaims.id)).limit(200);
    },

    async ofOrders(orderIds: number[]): Promise<ClaimSummary[]> {
      if (orderIds.length === 0) return [];
      return summaries().where(inArray(keyClaims.orderId, orderIds)).orderBy(asc(keyClaims.id));
    },

    /**
     * The queue: open claims oldest first, or closed ones newest first (at most 200), each with its buyer,
     * when the claimed key was delivered and the game's stock now; or the one claim `id`.
     */
    async queue(status: 'open' | 'closed' | 'all', id?: number) {
      const where =
        id !== undefined
          ? eq(keyClaims.id, id)
          : status === 'open'
            ? eq(keyClaims.status, 'open')
            : status === 'closed'
              ? ne(keyClaims.status, 'open')
              : undefined;
      return db
        .select({
          ...summaryColumns,
          available: availableStock,
          deliveredAt: gameKeys.soldAt,
          orderStatus: orders.status,
          email: customers.email,
          fullName: customers.fullName,
          lineTotalCents: orderLines.totalCents,
          lineQuantity: orderLines.quantity,
        })
        .from(keyClaims)
        .innerJoin(orderLines, eq(orderLines.id, keyClaims.orderLineId))
        .innerJoin(games, eq(games.id, keyClaims.gameId))
        .innerJoin(orders, eq(orders.id, keyClaims.orderId))
        .innerJoin(customers, eq(customers.id, keyClaims.customerId))
        .innerJoin(gameKeys, eq(gameKeys.id, keyClaims.keyId))
        .where(where)
        .orderBy(status === 'open' ? asc(keyClaims.createdAt) : desc(keyClaims.createdAt))
        .limit(200);
    },

    async screenshot(id: number): Promise<{ bytes: Buffer; type: string } | undefined> {
      const [row] = await db
        .select({ bytes: keyClaims.screenshot, type: keyClaims.screenshotType })
        .from(keyClaims)
        .where(eq(keyClaims.id, id));
      return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : undefined;
    },

    async openCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(keyClaims)
        .where(eq(keyClaims.status, 'open'));
      return row?.n ?? 0;
    },

    /** Open claims older than `before`: nobody resolved them within the deadline. */
    async overdueCount(before: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(keyClaims)
        .where(and(eq(keyClaims.status, 'open'), lt(keyClaims.createdAt, before)));
      return row?.n ?? 0;
    },

    async eraseEvidence(customerId: number): Promise<void> {
      await db
        .update(keyClaims)
        .set({ note: null, screenshot: null, screenshotType: null })
        .where(eq(keyClaims.customerId, customerId));
    },

    /** What refunded claims gave back on an order, in cents. */
    async refundedCents(orderId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${keyClaims.refundCents}), 0)::int` })
        .from(keyClaims)
        .where(and(eq(keyClaims.orderId, orderId), eq(keyClaims.status, 'refunded')));
      return row?.n ?? 0;
    },
  };
}
