import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gameKeys, type orderLines, orders, supplierOrders } from '../../db/schema/index.ts';
import { insertOrGet } from '../../db/sql-helpers.ts';

export type SupplierOrderRow = typeof supplierOrders.$inferSelect;

/**
 * Whether the key supplier was asked for an order line's keys (a purchase recorded, whatever its state):
 * such a line is served by the supplier, so keys arriving in the store's stock are not set aside for it.
 */
export const supplierPurchaseOfLineSql = (orderLineId: SQL | typeof orderLines.id) =>
  sql<boolean>`exists (select 1 from supplier_orders s where s.order_line_id = ${orderLineId})`;

/**
 * Buying on demand: the supplier orders of the store's order lines and the keys they brought. The only
 * code touching the supplier orders table.
 */
export function createSupplierOrdersRepository(db: Executor) {
  return {
    /** Makes a placed supplier order due now; answers its store order id. */
    async wakeSupplierOrder(supplierOrderId: string): Promise<number | undefined> {
      const [row] = await db
        .update(supplierOrders)
        .set({ nextAttemptAt: new Date() })
        .where(
          and(eq(supplierOrders.supplierOrderId, supplierOrderId), ne(supplierOrders.status, 'delivered')),
        )
        .returning({ orderId: supplierOrders.orderId });
      return row?.orderId;
    },

    async orderOfLine(orderLineId: number): Promise<SupplierOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(supplierOrders)
        .where(eq(supplierOrders.orderLineId, orderLineId))
        .limit(1);
      return row;
    },

    /** Records the purchase of a line once (a second call answers the existing record). */
    async ensureOrder(values: typeof supplierOrders.$inferInsert): Promise<SupplierOrderRow> {
      const row = await insertOrGet(db, supplierOrders, 'orderLineId', values);
      if (!row) throw new Error('supplier order not recorded');
      return row;
    },

    async updateOrder(id: number, values: Partial<typeof supplierOrders.$inferInsert>): Promise<void> {
      await db.update(supplierOrders).set(values).where(eq(supplierOrders.id, id));
    },

    /**
     * Orders with a supplier purchase still open (not placed yet, or keys still to come) that is due for
     * another attempt, whatever the order's state: a closed order's purchase is settled by the attempt.
     */
    async dueAwaitingOrders(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ orderId: supplierOrders.orderId })
        .from(supplierOrders)
        .where(
          and(
            inArray(supplierOrders.status, ['pending', 'placed']),
            sql`${supplierOrders.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.orderId);
    },

    async ordersOf(orderId: number): Promise<SupplierOrderRow[]> {
      return db
        .select()
        .from(supplierOrders)
        .where(eq(supplierOrders.orderId, orderId))
        .orderBy(supplierOrders.id);
    },

    /** Keys of an order line already stored, by fingerprint. */
    async lineFingerprints(orderLineId: number): Promise<Set<string>> {
      const rows = await db
        .select({ fingerprint: gameKeys.codeFingerprint })
        .from(gameKeys)
        .where(eq(gameKeys.orderLineId, orderLineId));
      return new Set(rows.map((r) => r.fingerprint));
    },

    async awaitingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.status, 'awaiting_keys'));
      return row?.n ?? 0;
    },
  };
}
