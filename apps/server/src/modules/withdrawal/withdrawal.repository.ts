import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderWithdrawals } from '../../db/schema/documents.ts';
import { gameKeys, orders } from '../../db/schema/index.ts';

export type WithdrawalRow = typeof orderWithdrawals.$inferSelect;

export function createWithdrawalRepository(db: Executor) {
  return {
    async find(orderId: number): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(orderWithdrawals).where(eq(orderWithdrawals.orderId, orderId));
      return row;
    },

    async insert(values: typeof orderWithdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [row] = await db.insert(orderWithdrawals).values(values).returning();
      if (!row) throw new Error('Withdrawal insert returned no row');
      return row;
    },

    async setRefund(orderId: number, refundId: string): Promise<void> {
      await db.update(orderWithdrawals).set({ refundId }).where(eq(orderWithdrawals.orderId, orderId));
    },

    /** Withdrawals whose refund the provider has not made yet, oldest first. */
    async pendingRefunds(limit: number) {
      return db
        .select({
          orderId: orderWithdrawals.orderId,
          refundedCents: orderWithdrawals.refundedCents,
          paymentSessionId: orders.paymentSessionId,
        })
        .from(orderWithdrawals)
        .innerJoin(orders, eq(orders.id, orderWithdrawals.orderId))
        .where(isNull(orderWithdrawals.refundId))
        .orderBy(asc(orderWithdrawals.id))
        .limit(limit);
    },

    /** Keys of the order the customer already received. */
    async soldKeyCount(orderId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(gameKeys)
        .where(and(eq(gameKeys.orderId, orderId), eq(gameKeys.status, 'sold')));
      return row?.n ?? 0;
    },
  };
}
