import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, games } from '../../db/schema/index.ts';
import { orderConsents, orderLines, orders } from '../../db/schema/orders.ts';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderLineRow {
  id: number;
  gameId: number;
  title: string;
  quantity: number;
  unitPriceCents: number;
  /** The regular unit price when a promotion gave the line its lower price; null otherwise. */
  listPriceCents: number | null;
  /** A coupon's share of the line (`totalCents` is after it). */
  couponDiscountCents: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
  platform: string;
  providerId: string;
  /** A pre-order's delivery day (YYYY-MM-DD); null for an ordinary line. */
  preorderRelease: string | null;
}

const lineColumns = {
  id: orderLines.id,
  gameId: orderLines.gameId,
  title: orderLines.title,
  quantity: orderLines.quantity,
  unitPriceCents: orderLines.unitPriceCents,
  listPriceCents: orderLines.listPriceCents,
  couponDiscountCents: orderLines.couponDiscountCents,
  netCents: orderLines.netCents,
  taxCents: orderLines.taxCents,
  totalCents: orderLines.totalCents,
  platform: games.platform,
  providerId: games.providerId,
  preorderRelease: orderLines.preorderRelease,
};

/** Orders past the cart, their lines, consents and customers. */
export function createOrdersRepository(db: Executor) {
  return {
    async lockOrder(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    async findOrder(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    async findBySession(sessionId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
      return row;
    },

    async insertOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      if (!row) throw new Error('Order insert returned no row');
      return row;
    },

    async insertLine(values: typeof orderLines.$inferInsert): Promise<number> {
      const [row] = await db.insert(orderLines).values(values).returning({ id: orderLines.id });
      if (!row) throw new Error('Order line insert returned no row');
      return row.id;
    },

    async lines(orderId: number): Promise<OrderLineRow[]> {
      return (await this.linesOfOrders([orderId])).get(orderId) ?? [];
    },

    /** The lines of several orders in one query, each order's lines in their order. */
    async linesOfOrders(orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
      const byOrder = new Map<number, OrderLineRow[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await db
        .select({ ...lineColumns, orderId: orderLines.orderId })
        .from(orderLines)
        .innerJoin(games, eq(games.id, orderLines.gameId))
        .where(inArray(orderLines.orderId, orderIds))
        .orderBy(asc(orderLines.id));
      for (const { orderId, ...line } of rows) byOrder.get(orderId)?.push(line);
      return byOrder;
    },

    /** Changes an order's other columns; its status moves only through the order state machine. */
    async updateOrder(
      orderId: number,
      values: Partial<Omit<typeof orders.$inferInsert, 'status'>>,
    ): Promise<void> {
      await db.update(orders).set(values).where(eq(orders.id, orderId));
    },

    async openOrdersOf(customerId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'pending_payment')));
    },

    /** How many orders the customer has paid and kept, and the largest of them (integer cents). */
    async purchaseRecord(customerId: number): Promise<{ paidOrders: number; largestPaidCents: number }> {
      const [row] = await db
        .select({
          paidOrders: sql<number>`count(*)::int`,
          largestPaidCents: sql<number>`coalesce(max(${orders.amountTotalCents}), 0)::int`,
        })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['paid', 'awaiting_keys'])));
      return { paidOrders: row?.paidOrders ?? 0, largestPaidCents: row?.largestPaidCents ?? 0 };
    },

    /** `purchaseRecord` of several customers in one query (customers without a paid order are left out). */
    async purchaseRecords(
      customerIds: readonly number[],
    ): Promise<Map<number, { paidOrders: number; largestPaidCents: number }>> {
      if (customerIds.length === 0) return new Map();
      const rows = await db
        .select({
          customerId: orders.customerId,
          paidOrders: sql<number>`count(*)::int`,
          largestPaidCents: sql<number>`coalesce(max(${orders.amountTotalCents}), 0)::int`,
        })
        .from(orders)
        .where(
          and(
            inArray(orders.customerId, [...customerIds]),
            inArray(orders.status, ['paid', 'awaiting_keys']),
          ),
        )
        .groupBy(orders.customerId);
      return new Map(rows.map(({ customerId, ...record }) => [customerId ?? 0, record]));
    },

    /** The orders of the history: delivered, awaiting keys, held for review, or paying by a delayed method. */
    async paidOrdersOf(customerId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            inArray(orders.status, ['paid', 'awaiting_keys', 'held_for_review', 'payment_processing']),
            eq(orders.hiddenByCustomer, false),
          ),
        )
        .orderBy(desc(orders.paidAt), desc(orders.id));
    },

    async lapsedOrders(now: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.status, ['pending_payment', 'payment_processing']),
            lt(orders.reservedUntil, now),
          ),
        )
        .limit(limit);
    },

    /**
     * Orders waiting for a payment whose provider session exists and that were last touched before
     * `before`: the ones whose outcome the store may have missed (a lost webhook, a crash).
     */
    async pendingWithSession(before: Date, limit: number, processingBefore: Date = before) {
      return db
        .select({ id: orders.id, paymentSessionId: orders.paymentSessionId, status: orders.status })
        .from(orders)
        .where(
          and(
            isNotNull(orders.paymentSessionId),
            or(
              and(eq(orders.status, 'pending_payment'), lt(orders.updatedAt, before)),
              and(eq(orders.status, 'payment_processing'), lt(orders.updatedAt, processingBefore)),
            ),
          ),
        )
        .orderBy(asc(orders.updatedAt))
        .limit(limit);
    },

    /** Marks an order as looked at now (its `updatedAt`), without changing anything else. */
    async touchOrder(orderId: number): Promise<void> {
      await db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
    },

    async insertConsent(values: typeof orderConsents.$inferInsert): Promise<void> {
      await db.insert(orderConsents).values(values);
    },

    async consentOf(orderId: number): Promise<
      | {
          text: string;
          clientTimestamp: string;
          recordedAt: Date;
          termsVersion: string;
          ip: string | null;
        }
      | undefined
    > {
      const [row] = await db
        .select({
          text: orderConsents.text,
          clientTimestamp: orderConsents.clientTimestamp,
          recordedAt: orderConsents.recordedAt,
          termsVersion: orderConsents.termsVersion,
          ip: orderConsents.ip,
        })
        .from(orderConsents)
        .where(eq(orderConsents.orderId, orderId));
      return row;
    },

    async customer(
      customerId: number,
    ): Promise<{ email: string; fullName: string; lang: string; countryId: number | null } | undefined> {
      const [row] = await db
        .select({
          email: customers.email,
          fullName: customers.fullName,
          lang: customers.lang,
          countryId: customers.countryId,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
