import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderWithdrawals } from '../../db/schema/documents.ts';
import { gameKeys } from '../../db/schema/index.ts';

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
