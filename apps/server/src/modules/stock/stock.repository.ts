import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gameKeys } from '../../db/schema/index.ts';

/** A sold key of an order, its code still encrypted. */
export interface SoldKey {
  keyId: number;
  orderLineId: number;
  codeCiphertext: string;
}

/** A key bought for an order line, its code encrypted, to be stored as sold to it. */
export interface BoughtKey {
  gameId: number;
  orderId: number;
  orderLineId: number;
  codeCiphertext: string;
  codeFingerprint: string;
}

/** The life of a key in an order: reserved at checkout, sold at payment, released or revoked. */
export function createStockRepository(db: Executor) {
  /** Sets until when an order's reserved keys stay its own (null: no limit); answers how many there are. */
  async function keepReserved(orderId: number, until: Date | null): Promise<number> {
    const kept = await db
      .update(gameKeys)
      .set({ reservedUntil: until })
      .where(and(eq(gameKeys.orderId, orderId), eq(gameKeys.status, 'reserved')))
      .returning({ id: gameKeys.id });
    return kept.length;
  }

  return {
    /**
     * Reserves up to `quantity` available keys of a game for an order line, skipping keys other
     * transactions hold, and returns how many it got.
     */
    async reserveKeys(
      gameId: number,
      quantity: number,
      orderId: number,
      orderLineId: number,
      /** When the reservation lapses; null holds the keys until someone releases or sells them. */
      until: Date | null,
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
        .map((r) => ({ keyId: r.id, orderLineId: r.orderLineId ?? 0, codeCiphertext: r.codeCiphertext }));
    },

    /** Keeps an order's reserved keys for it until `until` (a payment that settles later). */
    extendReservation: (orderId: number, until: Date): Promise<number> => keepReserved(orderId, until),

    /** Keeps an order's reserved keys for it without a time limit (an order held for review). */
    holdReservedKeys: (orderId: number): Promise<number> => keepReserved(orderId, null),

    /** Puts an order's reserved (never sold) keys back on sale; answers the game of each key released. */
    async releaseKeys(orderId: number): Promise<number[]> {
      const released = await db
        .update(gameKeys)
        .set({ status: 'available', orderId: null, orderLineId: null, reservedUntil: null })
        .where(and(eq(gameKeys.orderId, orderId), eq(gameKeys.status, 'reserved')))
        .returning({ gameId: gameKeys.gameId });
      return released.map((key) => key.gameId);
    },

    /** Takes the sold keys of an order back (status `revoked`); they never go on sale again. */
    async revokeSoldKeys(orderId: number, at: Date): Promise<number[]> {
      const rows = await db
        .update(gameKeys)
        .set({ status: 'revoked', revokedAt: at })
        .where(and(eq(gameKeys.orderId, orderId), eq(gameKeys.status, 'sold')))
        .returning({ id: gameKeys.id });
      return rows.map((r) => r.id);
    },

    /**
     * Sells one available key of a game straight into an order line (a claim's replacement), skipping keys
     * other transactions hold: answers the key, or undefined when none is on sale.
     */
    async sellOneInto(
      gameId: number,
      orderId: number,
      orderLineId: number,
      at: Date,
    ): Promise<SoldKey | undefined> {
      const free = db
        .select({ id: gameKeys.id })
        .from(gameKeys)
        .where(and(eq(gameKeys.gameId, gameId), eq(gameKeys.status, 'available')))
        .orderBy(asc(gameKeys.id))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(gameKeys)
        .set({ status: 'sold', orderId, orderLineId, soldAt: at, reservedUntil: null })
        .where(inArray(gameKeys.id, free))
        .returning({ id: gameKeys.id, codeCiphertext: gameKeys.codeCiphertext });
      return row && { keyId: row.id, orderLineId, codeCiphertext: row.codeCiphertext };
    },

    /**
     * Stores keys bought for order lines (from the key supplier) as sold to them; a code the store already
     * holds (the same fingerprint) is skipped. Answers the ids of the keys stored.
     */
    async addSoldKeys(keys: BoughtKey[], at: Date): Promise<number[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .insert(gameKeys)
        .values(keys.map((key) => ({ ...key, status: 'sold' as const, soldAt: at })))
        .onConflictDoNothing({ target: gameKeys.codeFingerprint })
        .returning({ id: gameKeys.id });
      return rows.map((row) => row.id);
    },

    /**
     * Stores keys bought for an order that was closed before they came (a pre-order withdrawn while the
     * supplier filled it) as keys on sale; a code the store already holds is skipped. Answers how many.
     */
    async addFreeKeys(keys: Omit<BoughtKey, 'orderId' | 'orderLineId'>[]): Promise<number> {
      if (keys.length === 0) return 0;
      const rows = await db
        .insert(gameKeys)
        .values(keys)
        .onConflictDoNothing({ target: gameKeys.codeFingerprint })
        .returning({ id: gameKeys.id });
      return rows.length;
    },

    /** Stores a key bought for an order line (a claim's replacement from the supplier) as sold to it. */
    async addSoldKey(key: BoughtKey, at: Date): Promise<SoldKey | undefined> {
      const [keyId] = await this.addSoldKeys([key], at);
      return keyId === undefined
        ? undefined
        : { keyId, orderLineId: key.orderLineId, codeCiphertext: key.codeCiphertext };
    },

    /** Marks a sold key as defective (claimed as not working): it is never sold again. */
    async markDefective(keyId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(gameKeys)
        .set({ status: 'defective', revokedAt: at })
        .where(and(eq(gameKeys.id, keyId), eq(gameKeys.status, 'sold')))
        .returning({ id: gameKeys.id });
      return rows.length === 1;
    },

    /** Defective keys of several orders by order line (refunded claims: delivered, then taken back). */
    async defectiveCountByLine(orderIds: number[]): Promise<Map<number, number>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderLineId: gameKeys.orderLineId, n: sql<number>`count(*)::int` })
        .from(gameKeys)
        .where(and(inArray(gameKeys.orderId, orderIds), eq(gameKeys.status, 'defective')))
        .groupBy(gameKeys.orderLineId);
      return new Map(rows.map((r) => [r.orderLineId ?? 0, r.n]));
    },

    /** Every key an order holds or held, whatever its status, in key order. */
    async keysOfOrder(orderId: number) {
      return db.select().from(gameKeys).where(eq(gameKeys.orderId, orderId)).orderBy(asc(gameKeys.id));
    },

    /** The games with the most keys sold since `since`, most first (the ones resold most by fraudsters). */
    async mostResoldGames(since: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ gameId: gameKeys.gameId })
        .from(gameKeys)
        .where(and(eq(gameKeys.status, 'sold'), gte(gameKeys.soldAt, since)))
        .groupBy(gameKeys.gameId)
        .orderBy(desc(sql`count(*)`), asc(gameKeys.gameId))
        .limit(limit);
      return rows.map((row) => row.gameId);
    },

    async soldKeys(orderId: number): Promise<SoldKey[]> {
      return (await this.soldKeysOfOrders([orderId])).get(orderId) ?? [];
    },

    /** The sold keys of several orders in one query, by order, in key order. */
    async soldKeysOfOrders(orderIds: number[]): Promise<Map<number, SoldKey[]>> {
      const byOrder = new Map<number, SoldKey[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return byOrder;
      const rows = await db
        .select({
          keyId: gameKeys.id,
          orderId: gameKeys.orderId,
          orderLineId: gameKeys.orderLineId,
          codeCiphertext: gameKeys.codeCiphertext,
        })
        .from(gameKeys)
        .where(and(inArray(gameKeys.orderId, orderIds), eq(gameKeys.status, 'sold')))
        .orderBy(asc(gameKeys.id));
      for (const row of rows)
        byOrder.get(row.orderId ?? 0)?.push({
          keyId: row.keyId,
          orderLineId: row.orderLineId ?? 0,
          codeCiphertext: row.codeCiphertext,
        });
      return byOrder;
    },

    /** The order a key was sold to, or undefined when it is not sold (available, reserved, revoked, unknown). */
    async orderOfSoldKey(keyId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ orderId: gameKeys.orderId })
        .from(gameKeys)
        .where(and(eq(gameKeys.id, keyId), eq(gameKeys.status, 'sold')));
      return row?.orderId ?? undefined;
    },
  };
}
