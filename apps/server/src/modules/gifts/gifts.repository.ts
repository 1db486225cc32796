import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games, gifts } from '../../db/schema/index.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';

export type GiftRow = typeof gifts.$inferSelect;

/** A game of a gift as its recipient's page shows it. */
export interface GiftGameRow {
  title: string;
  platform: string;
  quantity: number;
  coverUrl: string | null;
}

/** Whether the order `orderId` (a column or a value) is a gift: for other rooms' queries (pre-orders). */
export const isGiftOrderSql = (orderId: SQL | typeof orders.id) =>
  sql`exists (select 1 from gifts g where g.order_id = ${orderId})`;

/**
 * A gift whose order holds every key it needs, reserved for it: each line has as many reserved keys as
 * its quantity (pre-order lines get theirs as they arrive) and no pre-order line is before its day.
 */
const keysReady = (today: string) => sql`not exists (
  select 1 from order_lines l where l.order_id = ${gifts.orderId} and (
    (l.preorder_release is not null and l.preorder_release > ${today}::date)
    or (select count(*) from game_keys k where k.order_line_id = l.id and k.order_id = l.order_id
        and k.status = 'reserved') < l.quantity))`;

/** The gifts table: the only code that reads or writes it. */
export function createGiftsRepository(db: Executor) {
  return {
    async insert(values: typeof gifts.$inferInsert): Promise<GiftRow> {
      const [row] = await db.insert(gifts).values(values).returning();
      if (!row) throw new Error('gift insert returned no row');
      return row;
    },

    async ofOrder(orderId: number): Promise<GiftRow | undefined> {
      const [row] = await db.select().from(gifts).where(eq(gifts.orderId, orderId));
      return row;
    },

    /** The gift of an order, its row locked until the transaction ends. */
    async lockOfOrder(orderId: number): Promise<GiftRow | undefined> {
      const [row] = await db.select().from(gifts).where(eq(gifts.orderId, orderId)).for('update');
      return row;
    },

    async lock(id: number): Promise<GiftRow | undefined> {
      const [row] = await db.select().from(gifts).where(eq(gifts.id, id)).for('update');
      return row;
    },

    /** The gift whose current link has this token hash (an older link's token finds nothing). */
    async byTokenHash(tokenHash: string): Promise<GiftRow | undefined> {
      const [row] = await db.select().from(gifts).where(eq(gifts.tokenHash, tokenHash));
      return row;
    },

    async ofOrders(orderIds: readonly number[]): Promise<GiftRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(gifts)
        .where(inArray(gifts.orderId, [...orderIds]));
    },

    async update(id: number, values: Partial<Omit<typeof gifts.$inferInsert, 'id'>>): Promise<GiftRow> {
      const [row] = await db.update(gifts).set(values).where(eq(gifts.id, id)).returning();
      if (!row) throw new Error('gift update found no row');
      return row;
    },

    /**
     * Gifts to send on `today` (Tallinn): scheduled, their day come (or none chosen), their order paid and
     * waiting with every key reserved for it; the oldest first.
     */
    async due(today: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: gifts.id })
        .from(gifts)
        .innerJoin(orders, eq(orders.id, gifts.orderId))
        .where(
          and(
            eq(gifts.status, 'scheduled'),
            sql`${gifts.recipientEmail} is not null`,
            or(isNull(gifts.deliverOn), sql`${gifts.deliverOn} <= ${today}::date`),
            eq(orders.status, 'awaiting_keys'),
            keysReady(today),
          ),
        )
        .orderBy(asc(gifts.deliverOn), asc(gifts.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Whether a scheduled gift may be sent on `today` (its keys reserved, no pre-order line still to come). */
    async ready(giftId: number, today: string): Promise<boolean> {
      const rows = await db
        .select({ id: gifts.id })
        .from(gifts)
        .where(and(eq(gifts.id, giftId), keysReady(today)));
      return rows.length > 0;
    },

    /** The games of a gift's order, with their covers. */
    async games(orderId: number): Promise<GiftGameRow[]> {
      return db
        .select({
          title: orderLines.title,
          platform: games.platform,
          quantity: orderLines.quantity,
          coverUrl: games.coverUrl,
        })
        .from(orderLines)
        .innerJoin(games, eq(games.id, orderLines.gameId))
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
    },

    /** The gifts a customer bought, oldest first. */
    async ofCustomer(customerId: number): Promise<GiftRow[]> {
      return db
        .select({ gift: gifts })
        .from(gifts)
        .innerJoin(orders, eq(orders.id, gifts.orderId))
        .where(eq(orders.customerId, customerId))
        .orderBy(asc(gifts.id))
        .then((rows) => rows.map((row) => row.gift));
    },

    /**
     * Deletes the outbox's record of a link mail (sent or not): its link no longer opens the gift, and the
     * row holds the recipient's address.
     */
    async forgetMail(mailId: number): Promise<void> {
      await db.execute(sql`delete from mail_outbox where id = ${mailId}`);
    },

    /**
     * Empties the recipient's name, address and the message of every gift the customer bought, with the
     * link mails that carried them; a gift not sent yet is cancelled (it has nowhere to go). Answers how
     * many gifts it touched.
     */
    async eraseOfCustomer(customerId: number, at: Date): Promise<number> {
      const ofCustomer = sql`${gifts.orderId} in (select id from orders where customer_id = ${customerId})`;
      await db.execute(
        sql`delete from mail_outbox where id in (select mail_id from gifts where ${ofCustomer} and mail_id is not null)`,
      );
      const erased = await db
        .update(gifts)
        .set({
          recipientName: null,
          recipientEmail: null,
          message: null,
          mailId: null,
          erasedAt: at,
          status: sql`case when ${gifts.status} = 'scheduled' then 'cancelled' else ${gifts.status} end`,
        })
        .where(ofCustomer)
        .returning({ id: gifts.id });
      return erased.length;
    },
  };
}

export type GiftsRepository = ReturnType<typeof createGiftsRepository>;
