import { and, asc, eq, sum } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { orderDisputes, orderRefunds } from '../../../db/schema/index.ts';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderDisputeRow = typeof orderDisputes.$inferSelect;

/** Refunds and disputes the payment provider reported for orders. */
export function createPaymentEventsRepository(db: Executor) {
  return {
    async refundsOf(orderId: number): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.refundedAt), asc(orderRefunds.id));
    },

    /** Records a refund; false when this provider refund id was recorded already. */
    async insertRefund(values: typeof orderRefunds.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(orderRefunds)
        .values(values)
        .onConflictDoNothing({ target: [orderRefunds.provider, orderRefunds.providerRefundId] })
        .returning({ id: orderRefunds.id });
      return rows.length > 0;
    },

    async refundedCents(orderId: number): Promise<number> {
      const [row] = await db
        .select({ total: sum(orderRefunds.amountCents) })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId));
      return Number(row?.total ?? 0);
    },

    async disputesOf(orderId: number): Promise<OrderDisputeRow[]> {
      return db
        .select()
        .from(orderDisputes)
        .where(eq(orderDisputes.orderId, orderId))
        .orderBy(asc(orderDisputes.openedAt), asc(orderDisputes.id));
    },

    async findDispute(provider: string, disputeId: string): Promise<OrderDisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(orderDisputes)
        .where(and(eq(orderDisputes.provider, provider), eq(orderDisputes.providerDisputeId, disputeId)))
        .for('update');
      return row;
    },

    async insertDispute(values: typeof orderDisputes.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(orderDisputes)
        .values(values)
        .onConflictDoNothing({ target: [orderDisputes.provider, orderDisputes.providerDisputeId] })
        .returning({ id: orderDisputes.id });
      return rows.length > 0;
    },

    async updateDispute(id: number, values: Partial<typeof orderDisputes.$inferInsert>): Promise<void> {
      await db.update(orderDisputes).set(values).where(eq(orderDisputes.id, id));
    },
  };
}
