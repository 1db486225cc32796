import { asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { customers } from '../../../db/schema/index.ts';
import { likeEscape, pageWithTotal } from '../../../db/sql-helpers.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** Customer accounts as the back office reads and suspends them. */
export function createAdminCustomersRepository(db: Executor) {
  function where(q: string | undefined): SQL | undefined {
    if (!q) return undefined;
    const pattern = `%${likeEscape(q)}%`;
    return or(
      ilike(customers.email, pattern),
      ilike(customers.fullName, pattern),
      /^[0-9]{1,9}$/.test(q) ? eq(customers.id, Number(q)) : undefined,
    );
  }

  return {
    async page(options: { q?: string | undefined; offset: number; limit: number }) {
      const condition = where(options.q);
      const rows = db
        .select({
          customer: customers,
          // Explicit aliases: Drizzle leaves columns unqualified in single-table selects, which a correlated
          // subquery would resolve against its own table.
          paidOrders: sql<number>`(select count(*)::int from orders o where o.customer_id = "customers"."id" and o.status = 'paid')`,
        })
        .from(customers)
        .where(condition)
        .orderBy(asc(customers.id));
      return pageWithTotal(
        rows.$dynamic(),
        db.select({ n: count() }).from(customers).where(condition),
        options,
      );
    },

    async lock(id: number): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
      return row;
    },

    async setSuspended(id: number, suspended: boolean): Promise<void> {
      await db.update(customers).set({ suspended }).where(eq(customers.id, id));
    },
  };
}
