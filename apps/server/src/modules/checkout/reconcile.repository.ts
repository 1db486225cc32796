import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

export function createReconcileRepository(db: Executor) {
  return {
    /**
     * Orders waiting for a payment whose provider session exists and that were last touched before
     * `before`: the ones whose outcome the store may have missed (a lost webhook, a crash).
     */
    async pendingWithSession(before: Date, limit: number) {
      return db
        .select({ id: orders.id, paymentSessionId: orders.paymentSessionId })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending_payment'),
            isNotNull(orders.paymentSessionId),
            lt(orders.updatedAt, before),
          ),
        )
        .orderBy(asc(orders.updatedAt))
        .limit(limit);
    },
  };
}
