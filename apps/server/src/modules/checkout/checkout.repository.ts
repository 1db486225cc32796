import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, gameKeys, games } from '../../db/schema/index.ts';
import { orderConsents, orderLines, orders, paymentEvents } from '../../db/schema/orders.ts';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderLineRow {
  id: number;
  gameId: number;
  title: string;
  quantity: number;
  unitPriceCents: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
  platform: string;
  providerId: string;
}

const lineColumns = {
  id: orderLines.id,
  gameId: orderLines.gameId,
  title: orderLines.title,
  quantity: orderLines.quantity,
  unitPriceCents: orderLines.unitPriceCents,
  netCents: orderLines.netCents,
  taxCents: orderLines.taxCents,
  totalCents: orderLines.totalCents,
  platform: games.platform,
  providerId: games.providerId,
};

/** Orders past the cart, their lines, reserved and sold keys, consents and processed provider events. */
/** A sold key of an order, its code still encrypted. */
export interface SoldKey {
  orderLineId: number;
  codeCiphertext: string;
}

export function createCheckoutRepository(db: Executor) {
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

    /**
     * Reserves up to `quantity` available keys of a game for an order line, skipping keys other
     * transactions hold, and returns how many it got.
     */
    async reserveKeys(
      gameId: number,
      quantity: number,
      orderId: number,
      orderLineId: number,
      until: Date,
    ): Promise<number> {
      // One statement: the sub-select locks the oldest free keys (skipping those other transactions
      // hold) and the update reserves exactly those.
      const free = db
        .select({ id: gameKeys.id })
        .from(gameKeys)
        .where(and(eq(gameKeys.gameId, gameId), eq(gameKeys.status, 'available')))
        .orderBy(asc(gameKeys.id))
        .limit(quantity)
        .for('update', { skipLocked: true });
      const reserved = await db
        .update(gameKeys)
        .set({ status: 'reserved', orderId, orderLineId, reservedUntil: until })
        .where(inArray(gameKeys.id, free))
        .returning({ id: gameKeys.id });
      return reserved.length;
    },

    /** Turns an order's reserved keys into sold keys; answers them (code still encrypted) in key order. */
    async sellReservedKeys(orderId: number, at: Date): Promise<SoldKey[]> {
      const rows = await db
        .update(gameKeys)
        .set({ status: 'sold', soldAt: at, reservedUntil: null })
        .where(and(eq(gameKeys.orderId, orderId), eq(gameKeys.status, 'reserved')))
        .returning({
          id: gameKeys.id,
          orderLineId: gameKeys.orderLineId,
          codeCiphertext: gameKeys.codeCiphertext,
        });
      return rows
        .sort((a, b) => a.id - b.id)
        .map((r) => ({ orderLineId: r.orderLineId ?? 0, codeCiphertext: r.codeCiphertext }));
    },

    /** Puts an order's reserved (never sold) keys back on sale. */
    async releaseKeys(orderId: number): Promise<number> {
      const released = await db
        .update(gameKeys)
        .set({ status: 'available', orderId: null, orderLineId: null, reservedUntil: null })
        .where(and(eq(gameKeys.orderId, orderId), eq(gameKeys.status, 'reserved')))
        .returning({ id: gameKeys.id });
      return released.length;
    },

    async soldKeys(orderId: number): Promise<SoldKey[]> {
      return (await this.soldKeysOfOrders([orderId])).get(orderId) ?? [];
    },

    /** The sold keys of several orders in one query, by order, in the order `soldKeys` answers them. */
    async soldKeysOfOrders(orderIds: number[]): Promise<Map<number, SoldKey[]>> {
      const byOrder = new Map<number, SoldKey[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await db
        .select({
          orderId: gameKeys.orderId,
          orderLineId: gameKeys.orderLineId,
          codeCiphertext: gameKeys.codeCiphertext,
        })
        .from(gameKeys)
        .where(and(inArray(gameKeys.orderId, orderIds), eq(gameKeys.status, 'sold')))
        .orderBy(asc(gameKeys.id));
      for (const row of rows)
        byOrder
          .get(row.orderId ?? 0)
          ?.push({ orderLineId: row.orderLineId ?? 0, codeCiphertext: row.codeCiphertext });
      return byOrder;
    },

    async openOrdersOf(customerId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'pending_payment')));
    },

    /** Paid orders, delivered or still awaiting keys. */
    async paidOrdersOf(customerId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            inArray(orders.status, ['paid', 'awaiting_keys']),
            eq(orders.hiddenByCustomer, false),
          ),
        )
        .orderBy(desc(orders.paidAt), desc(orders.id));
    },

    async lapsedOrders(now: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'pending_payment'), lt(orders.reservedUntil, now)))
        .limit(limit);
    },

    async insertConsent(values: typeof orderConsents.$inferInsert): Promise<void> {
      await db.insert(orderConsents).values(values);
    },

    async consentOf(
      orderId: number,
    ): Promise<{ text: string; clientTimestamp: string; recordedAt: Date } | undefined> {
      const [row] = await db
        .select({
          text: orderConsents.text,
          clientTimestamp: orderConsents.clientTimestamp,
          recordedAt: orderConsents.recordedAt,
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

    /** Records a provider event id; false when it was recorded before (a duplicate delivery). */
    async recordEvent(provider: string, eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ provider, eventId, type })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return rows.length > 0;
    },

    async forgetEvent(eventId: string): Promise<void> {
      await db.delete(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
