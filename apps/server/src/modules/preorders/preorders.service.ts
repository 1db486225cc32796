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
import { addDays, PREORDER_WARNING_DAYS, tallinnDay } from './preorder-rules.ts';
import { createPreordersRepository } from './preorders.repository.ts';

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

  return {
    /**
     * One round: free keys of games with waiting pre-orders are reserved for them, then every pre-order
     * whose release day has come (Tallinn) and whose keys are all reserved is delivered. Answers how many
     * orders it delivered.
     */
    async runDue(at: Date = now()): Promise<number> {
      for (const gameId of await repository.gamesToClaim())
        await db.transaction((tx) => claimPreorderKeys(tx, [gameId]));
      let delivered = 0;
      for (const orderId of await repository.dueOrders(tallinnDay(at), DELIVERIES_PER_ROUND))
        if (await deliver(orderId, at)) delivered++;
      if (delivered > 0) deps.mailDispatcher.kick();
      return delivered;
    },

    /**
     * Each game on pre-order or with pre-orders waiting: keys owed, reserved and missing, and whether its
     * delivery day is within `PREORDER_WARNING_DAYS` (or past) with keys missing.
     */
    async obligations(at: Date = now()): Promise<PreorderObligations> {
      const today = tallinnDay(at);
      const soon = addDays(today, PREORDER_WARNING_DAYS);
      const rows = await repository.obligations(today);
      return {
        warningDays: PREORDER_WARNING_DAYS,
        items: rows.map((row) => {
          const missing = Math.max(0, row.ordered - row.reserved);
          const day = row.firstDelivery ?? row.releaseDate;
          return { ...row, missing, warning: missing > 0 && day !== null && day <= soon };
        }),
      };
    },
  };
}

export type PreordersService = ReturnType<typeof createPreordersService>;
