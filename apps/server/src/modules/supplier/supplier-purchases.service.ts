import { imageTypeOfFileName } from '@keyland/core/image-code';
import { toLocale } from '@keyland/core/locales';
import type { DbHandle, Executor } from '../../db/client.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { backoffDelay, exponentialBackoff } from '../../lib/retry.ts';
import { invoiceIdOfOrder } from '../invoices/index.ts';
import {
  decryptByLine,
  enqueueOrderKeysMail,
  type KeyDeliveryDeps,
  moveOrder,
  type OrderLineRow,
  ordersIn,
} from '../orders/index.ts';
import { claimPreorderKeys } from '../preorders/index.ts';
import { stockIn } from '../stock/index.ts';
import { awaitingKeysMail } from './awaiting-keys.mail.ts';
import { type KeySupplier, type SupplierCode, SupplierError, type SupplierOrder } from './supplier.port.ts';
import { createSupplierOrdersRepository, type SupplierOrderRow } from './supplier-orders.repository.ts';
import { createSupplierProductsRepository } from './supplier-products.repository.ts';

export interface SupplierPurchasesDeps extends KeyDeliveryDeps {
  dbHandle: DbHandle;
  supplier: KeySupplier;
}

/** Waits before the next purchase attempt: 1, 2, 4 … minutes, at most 6 hours. */
const PURCHASE_BACKOFF = exponentialBackoff({ firstMs: 60_000, maxMs: 6 * 3600_000 });

/** The stored form of a code: text as is, an image code as a data URL (its file name kept in front). */
function storedCode(code: SupplierCode): string | undefined {
  if (code.type === 'text') return code.code;
  if (code.type === 'image') {
    // A proper media type (a ".jpg" file is image/jpeg) and base64 without line breaks, so the stores
    // pages can recognise the code as an image (@keyland/core/image-code); an unknown format stays as sent.
    const type = imageTypeOfFileName(code.filename) ?? `image/${code.filename.split('.').pop() ?? 'png'}`;
    return `${code.filename} data:${type};base64,${code.code.replace(/\s+/g, '')}`;
  }
  return undefined;
}

/**
 * Buying keys on demand. Fulfilment records, inside its own transaction, one supplier purchase per order
 * line that lacks keys (`record`) and marks the order `awaiting_keys`; `deliver` then buys them (the same
 * reference on every attempt, so a line is bought once), stores the codes encrypted as sold keys of the
 * order, and once every line is complete makes the order `paid` and mails the keys. Failed or pre-ordered
 * purchases are retried by `retryDue` with back-off.
 */
export function createSupplierPurchases(deps: SupplierPurchasesDeps) {
  const { dbHandle, supplier, keyVault } = deps;
  const { db } = dbHandle;
  const now = deps.now ?? (() => new Date());

  /**
   * Stores the codes a supplier order brought (each once): as sold keys of the line while its order waits
   * for them, as keys on sale (waiting pre-orders first) when the order was closed meanwhile, so keys the
   * store paid for are never lost. The purchase is done once the supplier delivered all it was asked for.
   */
  async function storeCodes(row: SupplierOrderRow, order: SupplierOrder, at: Date): Promise<void> {
    const codes = order.codes
      .map(storedCode)
      .filter((code): code is string => code !== undefined && code !== '');
    await db.transaction(async (tx) => {
      const repo = createSupplierOrdersRepository(tx);
      const orders = ordersIn(tx);
      const open = (await orders.lockOrder(row.orderId))?.status === 'awaiting_keys';
      const line = (await orders.lines(row.orderId)).find((l) => l.id === row.orderLineId);
      if (!line) throw new Error('order line vanished');
      const known = await repo.lineFingerprints(row.orderLineId);
      const keys = codes
        .map((code) => ({ code, fingerprint: keyVault.fingerprint(code) }))
        .filter((c) => !known.has(c.fingerprint))
        .map((c) => ({
          gameId: line.gameId,
          codeCiphertext: keyVault.encrypt(c.code),
          codeFingerprint: c.fingerprint,
        }));
      const stock = stockIn(tx);
      if (open)
        await stock.addSoldKeys(
          keys.map((key) => ({ ...key, orderId: row.orderId, orderLineId: row.orderLineId })),
          at,
        );
      else if ((await stock.addFreeKeys(keys)) > 0) await claimPreorderKeys(tx, [line.gameId]);
      const complete = codes.length >= row.quantity;
      const closedNote = 'order closed before its keys came: they were put on sale';
      await repo.updateOrder(row.id, {
        supplierOrderId: order.supplierOrderId,
        status: complete ? 'delivered' : 'placed',
        lastError: complete ? (open ? null : closedNote) : 'keys pending at the supplier (pre-order)',
      });
    });
  }

  /**
   * Places (or looks up) the purchase and stores what it brought. A purchase whose order was closed
   * (withdrawn, refunded) before it was placed is cancelled instead, unless an earlier attempt placed it.
   */
  async function attempt(row: SupplierOrderRow): Promise<void> {
    const at = now();
    const attempts = row.attempts + 1;
    // Recorded before calling out: if the process stops mid-call, the next attempt looks the order up first.
    await createSupplierOrdersRepository(db).updateOrder(row.id, {
      attempts,
      nextAttemptAt: new Date(at.getTime() + backoffDelay(PURCHASE_BACKOFF, attempts)),
    });
    try {
      const open = (await ordersIn(db).findOrder(row.orderId))?.status === 'awaiting_keys';
      let order: SupplierOrder | undefined;
      if (row.supplierOrderId) {
        order = await supplier.getOrder(row.supplierOrderId);
      } else if (!open) {
        order = row.attempts > 0 ? await supplier.findOrder(row.clientOrderId) : undefined;
        if (!order) {
          await createSupplierOrdersRepository(db).updateOrder(row.id, {
            status: 'cancelled',
            lastError: 'order closed before the purchase was placed',
          });
          return;
        }
      } else {
        // The order must carry the current unit price, which the supplier validates.
        const product = await supplier.product(row.supplierProductId);
        if (!product)
          throw new SupplierError('rejected', 'The supplier no longer sells this product', 404, 20001);
        order = await supplier.createOrder({
          clientOrderId: row.clientOrderId,
          productId: row.supplierProductId,
          quantity: row.quantity,
          unitCents: product.buyCents,
          mayExist: row.attempts > 0,
        });
      }
      await storeCodes(row, order, at);
    } catch (error) {
      const message =
        error instanceof SupplierError ? `${error.kind}: ${error.message}` : (error as Error).message;
      deps.log.warn(
        { orderId: row.orderId, line: row.orderLineId, attempts, err: message },
        'supplier purchase failed',
      );
      await createSupplierOrdersRepository(db).updateOrder(row.id, { lastError: message.slice(0, 500) });
    }
  }

  /** Makes an awaiting order paid and mails its keys once every line has all its keys. */
  async function completeIfReady(orderId: number): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const repo = ordersIn(tx);
      const order = await repo.lockOrder(orderId);
      if (order?.status !== 'awaiting_keys') return false;
      const lines = await repo.lines(orderId);
      // A pre-order's keys set aside from stock count too, beside those bought for it (decision 038).
      const stock = stockIn(tx);
      const held = await stock.keysOfOrder(orderId);
      const counts = (line: OrderLineRow) =>
        held.filter(
          (k) =>
            k.orderLineId === line.id &&
            (k.status === 'sold' || (k.status === 'reserved' && line.preorderRelease !== null)),
        ).length;
      if (lines.some((l) => counts(l) < l.quantity)) return false;
      const preorder = lines.some((l) => l.preorderRelease !== null);
      if (preorder) await stock.sellReservedKeys(orderId, now());
      const keys = decryptByLine(keyVault, lines, await stock.soldKeys(orderId));
      await moveOrder(tx, order, preorder ? 'preorder_delivered' : 'supplier_keys_delivered');
      // The invoice was written when the payment arrived; it travels with the keys mail (which waits for
      // its number if the numbering job has not given it yet).
      const invoiceId = await invoiceIdOfOrder(tx, order.id);
      if (invoiceId) deps.mailOutbox.attachToNextMail(tx, invoiceId);
      await enqueueOrderKeysMail(tx, deps, order, lines, keys, order.paidAt ?? now());
      return true;
    });
    if (done) {
      deps.mailDispatcher.kick();
      catalogueChanged.notify();
    }
    return done;
  }

  /** Once, after the first attempt left the order waiting: the customer learns the keys are coming. */
  async function notifyAwaiting(orderId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const repo = ordersIn(tx);
      const order = await repo.lockOrder(orderId);
      if (order?.status !== 'awaiting_keys') return;
      const customer = await repo.customer(order.customerId);
      if (!customer) return;
      await deps.mailOutbox.enqueue(tx, {
        toAddress: customer.email,
        kind: 'order_awaiting_keys',
        ...awaitingKeysMail(toLocale(customer.lang), {
          id: order.id,
          name: customer.fullName,
          historyUrl: `${deps.publicUrl}/History`,
        }),
      });
    });
    deps.mailDispatcher.kick();
  }

  /** Buys what an awaiting order still lacks; true when the order is now paid and its keys mailed. */
  async function deliver(orderId: number): Promise<boolean> {
    const outcome = await dbHandle.withLock(`supplier-order:${orderId}`, async () => {
      const at = now();
      const rows = await createSupplierOrdersRepository(db).ordersOf(orderId);
      const first = rows.length > 0 && rows.every((row) => row.attempts === 0);
      const open = (row: SupplierOrderRow) => row.status === 'pending' || row.status === 'placed';
      for (const row of rows)
        if (open(row) && (row.attempts === 0 || row.nextAttemptAt <= at)) await attempt(row);
      const paid = await completeIfReady(orderId);
      if (!paid && first) await notifyAwaiting(orderId);
      return paid;
    });
    return outcome.ran && outcome.value;
  }

  /** Keys listed at the last sync per game, for several games at once (a game it does not sell is absent). */
  const listedMany = async (tx: Executor, gameIds: number[]): Promise<Map<number, number>> =>
    supplier.canBuy
      ? createSupplierProductsRepository(tx).listedQuantities(supplier.kind, gameIds)
      : new Map();

  return {
    get canBuy() {
      return supplier.canBuy;
    },

    /** Whether the supplier sells the game (inside fulfilment's transaction). */
    async sells(tx: Executor, gameId: number): Promise<boolean> {
      if (!supplier.canBuy) return false;
      return (await createSupplierProductsRepository(tx).listedProduct(supplier.kind, gameId)) !== undefined;
    },

    /** Keys the supplier listed for the game at the last sync (0 when it does not sell it). */
    listed: async (tx: Executor, gameId: number) => (await listedMany(tx, [gameId])).get(gameId) ?? 0,
    listedMany,

    /** Records the purchases of the lines that lack keys (inside fulfilment's transaction), once per line. */
    async record(
      tx: Executor,
      orderId: number,
      short: { lineId: number; gameId: number; missing: number }[],
    ) {
      const repo = createSupplierOrdersRepository(tx);
      for (const line of short) {
        const product = await createSupplierProductsRepository(tx).listedProduct(supplier.kind, line.gameId);
        if (!product) throw new Error('the supplier does not sell this game');
        await repo.ensureOrder({
          orderId,
          orderLineId: line.lineId,
          supplier: supplier.kind,
          clientOrderId: `keyland-${orderId}-${line.lineId}`,
          supplierProductId: product.supplierProductId,
          quantity: line.missing,
          unitCents: product.buyCents,
        });
      }
    },

    deliver,

    /**
     * Buys one key of a game for a key claim, outside any order's purchase: the reference is the claim's,
     * so asking again answers the same purchase. Answers the code as stored (text, or an image code as a
     * data URL), or undefined when the supplier does not sell the game or has no key for it now.
     */
    async buyReplacement(gameId: number, reference: string): Promise<string | undefined> {
      if (!supplier.canBuy) return undefined;
      const product = await createSupplierProductsRepository(db).listedProduct(supplier.kind, gameId);
      if (!product) return undefined;
      const current = await supplier.product(product.supplierProductId);
      if (!current) return undefined;
      const order = await supplier.createOrder({
        clientOrderId: reference,
        productId: product.supplierProductId,
        quantity: 1,
        unitCents: current.buyCents,
        mayExist: true,
      });
      return order.codes.map(storedCode).find((code) => code !== undefined && code !== '');
    },

    /**
     * Retries due purchases (one instance at a time): those of awaiting orders, and those whose order was
     * closed meanwhile (settled, or their keys collected and put on sale). Answers how many orders got paid.
     */
    async retryDue(limit = 20): Promise<number> {
      const outcome = await dbHandle.withLock('supplier-deliveries', async () => {
        let paid = 0;
        for (const orderId of await createSupplierOrdersRepository(db).dueAwaitingOrders(now(), limit))
          if (await deliver(orderId)) paid++;
        return paid;
      });
      return outcome.ran ? outcome.value : 0;
    },
  };
}

export type SupplierPurchases = ReturnType<typeof createSupplierPurchases>;
