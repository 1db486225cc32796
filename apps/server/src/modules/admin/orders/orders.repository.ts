import { and, count, desc, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { customers, orderCancellations, orderConsents, orders } from '../../../db/schema/index.ts';
import { likeEscape, pageWithTotal } from '../../../db/sql-helpers.ts';

export type OrderStatusValue = (typeof orders.$inferSelect)['status'];

export interface OrderSearch {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: OrderStatusValue | undefined;
  offset: number;
  limit: number;
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};
const startOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** Orders as the back office reads them, and the writes of a fraud cancellation. */
export function createAdminOrdersRepository(db: Executor) {
  function where(search: OrderSearch): SQL | undefined {
    const parts: (SQL | undefined)[] = [
      search.status ? eq(orders.status, search.status) : ne(orders.status, 'draft'),
    ];
    if (search.from) parts.push(gte(orders.createdAt, startOf(search.from)));
    if (search.to) parts.push(lt(orders.createdAt, nextDay(search.to)));
    const q = search.q?.trim();
    if (q) {
      const byEmail = ilike(customers.email, `%${likeEscape(q)}%`);
      if (/^#?[0-9]{1,9}$/.test(q)) parts.push(or(eq(orders.id, Number(q.replace('#', ''))), byEmail));
      else if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(q) && !Number.isNaN(startOf(q).getTime()))
        parts.push(and(gte(orders.createdAt, startOf(q)), lt(orders.createdAt, nextDay(q))));
      else parts.push(byEmail);
    }
    return and(...parts);
  }

  return {
    async page(search: OrderSearch) {
      const condition = where(search);
      const rows = db
        .select({
          id: orders.id,
          status: orders.status,
          customerId: orders.customerId,
          email: customers.email,
          totalCents: orders.amountTotalCents,
          taxCents: orders.amountTaxCents,
          paymentProvider: orders.paymentProvider,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          keys: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = "orders"."id")`,
          dispute: sql<
            'open' | 'won' | 'lost' | null
          >`(select d.status from order_disputes d where d.order_id = "orders"."id" order by d.opened_at desc, d.id desc limit 1)`,
          refundedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from order_refunds r where r.order_id = "orders"."id")`,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(condition)
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const total = db
        .select({ n: count() })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(condition);
      return pageWithTotal(rows.$dynamic(), total, search);
    },

    async find(orderId: number) {
      const [row] = await db
        .select({ order: orders, customer: customers })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, orderId));
      return row;
    },

    async consent(orderId: number) {
      const [row] = await db.select().from(orderConsents).where(eq(orderConsents.orderId, orderId)).limit(1);
      return row;
    },

    async cancellation(orderId: number) {
      const [row] = await db.select().from(orderCancellations).where(eq(orderCancellations.orderId, orderId));
      return row;
    },

    async insertCancellation(values: typeof orderCancellations.$inferInsert) {
      const [row] = await db.insert(orderCancellations).values(values).returning();
      if (!row) throw new Error('Cancellation insert returned no row');
      return row;
    },
  };
}
