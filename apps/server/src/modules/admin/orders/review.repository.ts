import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { customers, orderDisputes, orders } from '../../../db/schema/index.ts';

/** Orders held for review with their buyers, and the disputes of every order, as the review room reads them. */
export function createReviewRepository(db: Executor) {
  return {
    /** Held orders, the longest waiting first. */
    async heldOrders(limit: number) {
      return db
        .select({
          order: orders,
          customer: {
            id: customers.id,
            email: customers.email,
            fullName: customers.fullName,
            createdAt: customers.createdAt,
            emailVerified: customers.emailVerified,
          },
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.status, 'held_for_review'))
        .orderBy(asc(orders.paidAt), asc(orders.id))
        .limit(limit);
    },

    /** Held orders paid before `paidBefore`: nobody reviewed them in time. */
    async overdueHeldOrders(paidBefore: Date, limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'held_for_review'), lt(orders.paidAt, paidBefore)))
        .orderBy(asc(orders.paidAt))
        .limit(limit);
    },

    /** Disputes, the newest first, with the buyer's address. */
    async disputes(limit: number) {
      return db
        .select({ dispute: orderDisputes, email: customers.email })
        .from(orderDisputes)
        .innerJoin(orders, eq(orders.id, orderDisputes.orderId))
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .orderBy(desc(orderDisputes.openedAt), desc(orderDisputes.id))
        .limit(limit);
    },
  };
}
