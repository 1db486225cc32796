import type { PreorderObligations } from '@keyland/core/schemas/admin';
import type { Database, Executor } from '../../db/client.ts';
import { createChangeSignal } from '../../lib/catalogue-changed.ts';
import { invoiceIdOfOrder } from '../invoices/index.ts';
import {
  decryptByLine,
  enqueueOrderKeysMail,
  type KeyDeliveryDeps,
  moveOrder,
  ordersIn,
} from '../orders/index.ts';
import { stockIn } from '../stock/index.ts';
import type { SupplierPurchases } from '../supplier/index.ts';
import { addDays, PREORDER_WARNING_DAYS, tallinnDay } from './preorder-rules.ts';
import { createPreordersRepository, type ShortLine } from './preorders.repository.ts';

/** Orders delivered in one round at most; the next round (a minute later) takes the rest. */
const DELIVERIES_PER_ROUND = 100;

/**
 * Fired in this process after a transaction that reserved keys for pre-orders has committed (a key
 * import): the delivery round runs at once instead of on its next tick, so a pre-order whose release
 * day has come gets its keys as soon as they arrive.
 */
export const preorderKeysClaimed = createChangeSignal();

/**
 * Reserves the free keys of some games for their waiting pre-orders, the oldest payment first, without
 * a time limit (a line is served in full before the next one gets any), in the caller's transaction.
 * Ordinary buyers then never take keys owed to a pre-order. Answers how many keys it reserved.
 */
export async function claimPreorderKeys(
  tx: Executor,
  gameIds: readonly number[],
  /** An order whose keys are being released (it may still read as waiting in this transaction). */
  exceptOrderId?: number,
): Promise<number> {
  const repository = createPreordersRepository(tx);
  const stock = stockIn(tx);
  let claimed = 0;
  for (const gameId of [...new Set(gameIds)].sort((a, b) => a - b)) {
    await repository.lockClaims(gameId);
    for (const line of await repository.waitingLines(gameId)) {
      if (line.orderId === exceptOrderId) continue;
      const missing = line.quantity - line.held;
      if (missing <= 0) continue;
      const got = await stock.reserveKeys(gameId, missing, line.orderId, line.lineId, null);
      claimed += got;
      if (got < missing) break;
    }
  }
  return claimed;
}

/**
 * Puts an order's reserved keys back on sale (a lapsed or abandoned checkout, a failed or refunded
 * payment, a cancelled or withdrawn order) and, in the same transaction, sets those of games with waiting
 * pre-orders aside for them, the oldest payment first: keys freed this way serve pre-orders before anyone
 * else, as imported keys do. A due pre-order they complete is delivered by the next round. Answers how
 * many keys it released.
 */
export async function releaseOrderKeys(tx: Executor, orderId: number): Promise<number> {
  const games = await stockIn(tx).releaseKeys(orderId);
  if (games.length > 0) await claimPreorderKeys(tx, games, orderId);
  return games.length;
}

export interface PreordersDeps extends KeyDeliveryDeps {
  db: Database;
  /** Buys the keys a due pre-order still lacks when the key supplier sells its game (none without one). */
  supplierPurchases?: SupplierPurchases | undefined;
}

/**
 * Pre-orders after their payment: the scheduled round that reserves arriving keys for them and delivers
 * them from their release day (00:00 in Tallinn) on, and the back office's view of what is owed.
 */
export function createPreordersService(deps: PreordersDeps) {
  const { db, keyVault } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPreordersRepository(db);

  /**
   * Delivers a due pre-order whose keys are all reserved: sells them, makes the order `paid` and queues
   * the keys mail with the invoice written at payment. The order row is locked and its state checked, so
   * a pre-order is delivered once, whoever runs the round.
   */
  async function deliver(orderId: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const orders = ordersIn(tx);
      const order = await orders.lockOrder(orderId);
      if (order?.status !== 'awaiting_keys') return false;
      const lines = await orders.lines(orderId);
      const today = tallinnDay(at);
      if (lines.some((line) => line.preorderRelease === null || line.preorderRelease > today)) return false;
      const stock = stockIn(tx);
      const reserved = (await stock.keysOfOrder(orderId)).filter((key) => key.status === 'reserved');
      const short = lines.some(
        (line) => reserved.filter((key) => key.orderLineId === line.id).length < line.quantity,
      );
      if (short) return false;
      const sold = await stock.sellReservedKeys(orderId, at);
      await moveOrder(tx, order, 'preorder_delivered');
      const invoiceId = await invoiceIdOfOrder(tx, orderId);
      if (invoiceId) deps.mailOutbox.attachToNextMail(tx, invoiceId);
      await enqueueOrderKeysMail(
        tx,
        deps,
        order,
        lines,
        decryptByLine(keyVault, lines, sold),
        order.paidAt ?? at,
      );
      return true;
    });
  }

  /**
   * Asks the key supplier for what a due pre-order still lacks, when it sells the game: the purchases are
   * recorded with the order row locked and its state checked (once per line: the line is then served by
   * the supplier, never by arriving stock), then bought. The supplier module completes the order once
   * every key is there, with the keys set aside for it from stock. Answers whether it was delivered now.
   */
  async function buyMissing(purchases: SupplierPurchases, orderId: number, lines: ShortLine[]) {
    const recorded = await db.transaction(async (tx) => {
      const order = await ordersIn(tx).lockOrder(orderId);
      if (order?.status !== 'awaiting_keys') return false;
      // Counted again under the claims' locks: keys set aside meanwhile are not bought a second time.
      const claims = createPreordersRepository(tx);
      for (const gameId of [...new Set(lines.map((line) => line.gameId))].sort((a, b) => a - b))
        await claims.lockClaims(gameId);
      const held = (await stockIn(tx).keysOfOrder(orderId)).filter((key) => key.status === 'reserved');
      const short = [];
      for (const line of lines) {
        const missing = line.quantity - held.filter((key) => key.orderLineId === line.lineId).length;
        if (missing > 0 && (await purchases.sells(tx, line.gameId))) short.push({ ...line, missing });
      }
      if (short.length > 0) await purchases.record(tx, orderId, short);
      return short.length > 0;
    });
    return recorded && (await purchases.deliver(orderId));
  }

  /** The due pre-orders the store's stock could not fill, bought from the key supplier (a round's share). */
  async function buyDue(at: Date): Promise<number> {
    const purchases = deps.supplierPurchases;
    if (!purchases?.canBuy) return 0;
    const sells = new Map<number, boolean>();
    const lines = [];
    for (const line of await repository.shortDueLines(tallinnDay(at))) {
      if (!sells.has(line.gameId)) sells.set(line.gameId, await purchases.sells(db, line.gameId));
      if (sells.get(line.gameId)) lines.push(line);
    }
    const byOrder = Map.groupBy(lines, (line) => line.orderId);
    let delivered = 0;
    for (const [orderId, lines] of [...byOrder].slice(0, DELIVERIES_PER_ROUND))
      if (await buyMissing(purchases, orderId, lines)) delivered++;
    return delivered;
  }

  return {
    /**
     * One round: free keys of games with waiting pre-orders are reserved for them, then every pre-order
     * whose release day has come (Tallinn) and whose keys are all reserved is delivered, and what the
     * stock could not give a due one is bought from the key supplier. Answers how many orders it delivered.
     */
    async runDue(at: Date = now()): Promise<number> {
      for (const gameId of await repository.gamesToClaim())
        await db.transaction((tx) => claimPreorderKeys(tx, [gameId]));
      let delivered = 0;
      for (const orderId of await repository.dueOrders(tallinnDay(at), DELIVERIES_PER_ROUND))
        if (await deliver(orderId, at)) delivered++;
      if (delivered > 0) deps.mailDispatcher.kick();
      return delivered + (await buyDue(at));
    },

    /**
     * Each game on pre-order or with pre-orders waiting: keys owed, reserved and missing, how many of the
     * missing ones the key supplier lists, and whether its delivery day is within `PREORDER_WARNING_DAYS`
     * (or past) with keys missing that the supplier cannot give.
     */
    async obligations(at: Date = now()): Promise<PreorderObligations> {
      const today = tallinnDay(at);
      const soon = addDays(today, PREORDER_WARNING_DAYS);
      const rows = await repository.obligations(today);
      const short = rows.filter((row) => row.ordered > row.reserved).map((row) => row.gameId);
      const listed = (await deps.supplierPurchases?.listedMany(db, short)) ?? new Map<number, number>();
      const items = [];
      for (const row of rows) {
        const missing = Math.max(0, row.ordered - row.reserved);
        const fromSupplier = Math.min(missing, listed.get(row.gameId) ?? 0);
        const day = row.firstDelivery ?? row.releaseDate;
        const warning = missing > fromSupplier && day !== null && day <= soon;
        items.push({ ...row, missing, fromSupplier, warning });
      }
      return { warningDays: PREORDER_WARNING_DAYS, items };
    },
  };
}

export type PreordersService = ReturnType<typeof createPreordersService>;
