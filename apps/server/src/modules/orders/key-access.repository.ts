import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { keyAccessLog } from '../../db/schema/orders.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

export type KeyAccessRow = typeof keyAccessLog.$inferSelect;
export type KeyAccessAction = KeyAccessRow['action'];

/** The reveals and copies of delivered keys in the customers' histories. */
export function createKeyAccessRepository(db: Executor) {
  return {
    /**
     * Records an access unless the key already has `limit` records of this action since `since`; answers
     * whether it was recorded. One statement, so that the count and the insert read the same rows.
     */
    async insertBounded(
      values: {
        keyId: number;
        orderId: number;
        customerId: number;
        action: KeyAccessAction;
        ip: string | null;
        userAgent: string | null;
        at: Date;
      },
      since: Date,
      limit: number,
    ): Promise<boolean> {
      const { keyId, orderId, customerId, action, ip, userAgent, at } = values;
      const inserted = await rowsOf<{ id: number }>(
        db,
        sql`insert into ${keyAccessLog} (key_id, order_id, customer_id, action, ip, user_agent, at)
            select ${keyId}, ${orderId}, ${customerId}, ${action}, ${ip}, ${userAgent}, ${at.toISOString()}::timestamptz
            where (
              select count(*) from ${keyAccessLog}
              where order_id = ${orderId} and key_id = ${keyId} and action = ${action}
                and at >= ${since.toISOString()}::timestamptz
            ) < ${limit}
            returning id`,
      );
      return inserted.length > 0;
    },

    /**
     * Records an access that is not bounded per day: a gift's recipient revealing its keys, which happens
     * once (no customer: the recipient has no account; their address and browser are kept).
     */
    async insert(values: {
      keyId: number;
      orderId: number;
      customerId: number | null;
      action: KeyAccessAction;
      ip: string | null;
      userAgent: string | null;
      at: Date;
    }): Promise<void> {
      await db.insert(keyAccessLog).values(values);
    },

    /** An order's accesses, the oldest first. */
    async ofOrder(orderId: number): Promise<KeyAccessRow[]> {
      return db
        .select()
        .from(keyAccessLog)
        .where(eq(keyAccessLog.orderId, orderId))
        .orderBy(asc(keyAccessLog.at), asc(keyAccessLog.id));
    },
  };
}
