import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { removeFromCart } from '../cart/index.ts';
import { enqueueGiftPaidMail, type GiftRow, giftOfOrder, giftsPaid } from '../gifts/index.ts';
import {
  decryptByLine,
  enqueueOrderHeldMail,
  enqueueOrderKeysMail,
  moveOrder,
  type OrderEvent,
  type OrderLineRow,
  type OrderRow,
  ordersIn,
} from '../orders/index.ts';
import { claimPreorderKeys, enqueuePreorderConfirmedMail } from '../preorders/index.ts';
import { type Stock, stockIn } from '../stock/index.ts';
import type { CheckoutDeps, DeliveredKey } from './checkout.service.ts';

/** How long fulfilment waits for keys bought from the supplier before answering without them. */
export const SUPPLIER_WAIT_MS = 8_000;

/**
 * Delivering a locked order (paid now, or approved after review), holding one for review, and what follows
 * a delivery once it has committed. Shared by the fulfilment of payments and the review's approval.
 */
export function createDelivery(deps: CheckoutDeps) {
  const { db, keyVault } = deps;

  async function keysOf(
    stock: Stock,
    orderId: number,
    lines: OrderLineRow[],
  ): Promise<Map<number, string[]>> {
    return decryptByLine(keyVault, lines, await stock.soldKeys(orderId));
  }

  function flatten(lines: OrderLineRow[], keys: Map<number, string[]>): DeliveredKey[] {
    return lines.flatMap((line) =>
      (keys.get(line.id) ?? []).map((code) => ({ title: line.title, code, platform: line.platform })),
    );
  }

  /**
   * Holds an order's reserved keys without a time limit, and reserves free keys for a line whose
   * reservation lapsed (pre-order lines get theirs as they arrive). Answers the first line it could not
   * fill, if any.
   */
  async function keepReserved(
    tx: Executor,
    order: OrderRow,
    lines: OrderLineRow[],
  ): Promise<OrderLineRow | undefined> {
    const stock = stockIn(tx);
    await stock.holdReservedKeys(order.id);
    const reserved = (await stock.keysOfOrder(order.id)).filter((key) => key.status === 'reserved');
    let short: OrderLineRow | undefined;
    for (const line of lines) {
      const missing = line.quantity - reserved.filter((key) => key.orderLineId === line.id).length;
      if (missing > 0 && line.preorderRelease === null)
        if ((await stock.reserveKeys(line.gameId, missing, order.id, line.id, null)) < missing)
          short ??= line;
    }
    return short;
  }

  type Events = { delivered: OrderEvent; awaiting: OrderEvent };
  type Delivery = {
    fresh: boolean;
    awaiting?: boolean;
    lines: OrderLineRow[];
    keys: Map<number, string[]>;
    gift?: GiftRow;
  };

  /**
   * A paid gift (decision 039): its keys stay reserved for it, without a time limit, until its recipient
   * opens it (a line whose reservation lapsed takes free keys; a pre-order line gets its keys as they
   * arrive). The order waits (`awaiting_keys`), the invoice is written and the buyer told when the gift
   * goes; the gifts round sends it.
   */
  async function keepForGift(
    tx: Executor,
    order: OrderRow,
    lines: OrderLineRow[],
    at: Date,
    event: OrderEvent,
    gift: GiftRow,
  ): Promise<Delivery> {
    const short = await keepReserved(tx, order, lines);
    if (short) {
      deps.log.error({ orderId: order.id, line: short.id }, 'paid gift cannot be kept: keys ran out');
      throw new AppError('OUT_OF_STOCK', 'Keys ran out', { values: { title: short.title } });
    }
    await moveOrder(tx, order, event, { paidAt: order.paidAt ?? at, reservedUntil: null });
    await removeFromCart(
      tx,
      order.customerId,
      lines.map((l) => l.gameId),
    );
    await deps.invoices?.issueForOrder(tx, order.id, at, lines);
    if (lines.some((line) => line.preorderRelease !== null))
      await claimPreorderKeys(
        tx,
        lines.map((l) => l.gameId),
      );
    await enqueueGiftPaidMail(tx, deps, order, lines, gift);
    return { fresh: true, lines, keys: new Map(), gift };
  }

  /**
   * Delivers a locked order that may be delivered (paid now, or approved after review): sells what was
   * reserved, takes free keys for a line whose reservation lapsed, records what the key supplier must still
   * sell, moves the order, issues the invoice and queues the keys mail. Runs in the caller's transaction.
   */
  async function deliverIn(
    tx: Executor,
    order: OrderRow,
    lines: OrderLineRow[],
    at: Date,
    events: Events,
    /** The order's gift as the caller read it in this transaction (null: none); read here when not given. */
    known?: GiftRow | null,
  ): Promise<Delivery> {
    const gift = known === undefined ? await giftOfOrder(tx, order.id) : known;
    if (gift) return keepForGift(tx, order, lines, at, events.awaiting, gift);
    const repo = ordersIn(tx);
    const stock = stockIn(tx);
    const sold = await stock.sellReservedKeys(order.id, at);
    const count = (lineId: number) => sold.filter((key) => key.orderLineId === lineId).length;
    let reservedMore = false;
    // A pre-order's keys are not due yet: they are set aside for it as they arrive (modules/preorders).
    const preorder = lines.some((line) => line.preorderRelease !== null);
    for (const line of lines) {
      const missing = line.quantity - count(line.id);
      if (
        missing > 0 &&
        line.preorderRelease === null &&
        (await stock.reserveKeys(line.gameId, missing, order.id, line.id, at)) > 0
      )
        reservedMore = true;
    }
    if (reservedMore) sold.push(...(await stock.sellReservedKeys(order.id, at)));
    const short: { lineId: number; gameId: number; missing: number }[] = [];
    for (const line of lines) {
      const missing = line.quantity - count(line.id);
      if (missing <= 0 || line.preorderRelease !== null) continue;
      if (await deps.supplierPurchases?.sells(tx, line.gameId)) {
        // The key supplier sells it: buy the rest once the payment is recorded.
        short.push({ lineId: line.id, gameId: line.gameId, missing });
      } else {
        deps.log.error({ orderId: order.id, line: line.id }, 'paid order cannot be fulfilled: keys ran out');
        throw new AppError('OUT_OF_STOCK', 'Keys ran out', { values: { title: line.title } });
      }
    }
    const paidAt = order.paidAt ?? at;
    if (short.length > 0 && deps.supplierPurchases) {
      await deps.supplierPurchases.record(tx, order.id, short);
      await moveOrder(tx, order, events.awaiting, { paidAt, reservedUntil: null });
    } else if (preorder) {
      await moveOrder(tx, order, events.awaiting, { paidAt, reservedUntil: null });
    } else {
      await moveOrder(tx, order, events.delivered, { paidAt, reservedUntil: null });
    }
    await removeFromCart(
      tx,
      order.customerId,
      lines.map((l) => l.gameId),
    );
    const keys = decryptByLine(keyVault, lines, sold);
    // The invoice is written here without its number: the numbering job gives it one a moment later, in
    // payment order, so no payment waits for another's to commit (decision 033).
    const consent = short.length > 0 || preorder ? undefined : await repo.consentOf(order.id);
    const invoice = await deps.invoices?.issueForOrder(tx, order.id, at, lines);
    if (preorder) {
      // Keys already in stock are set aside for it; the confirmation carries the invoice just written.
      await claimPreorderKeys(
        tx,
        lines.map((l) => l.gameId),
      );
      await enqueuePreorderConfirmedMail(tx, deps, order, lines);
      return { fresh: true, lines, keys };
    }
    // Awaiting supplier keys: the keys mail goes out when they have all arrived.
    if (short.length > 0) return { fresh: false, awaiting: true, lines, keys };
    await enqueueOrderKeysMail(tx, deps, order, lines, keys, at, {
      customer: invoice && {
        email: invoice.customerEmail,
        fullName: invoice.customerName,
        lang: invoice.lang,
      },
      consent,
    });
    return { fresh: true, lines, keys };
  }

  /**
   * Holds a paid order whose score is not low: its keys stay reserved for it without a time limit (a line
   * whose reservation lapsed takes free keys if there are some), nothing is shown or mailed but a note that
   * the order is being checked. A person approves or cancels it (modules/admin/review).
   */
  async function holdIn(tx: Executor, order: OrderRow, lines: OrderLineRow[], at: Date): Promise<void> {
    await keepReserved(tx, order, lines);
    await moveOrder(tx, order, 'payment_confirmed_held', { paidAt: at, reservedUntil: null });
    await removeFromCart(
      tx,
      order.customerId,
      lines.map((l) => l.gameId),
    );
    await enqueueOrderHeldMail(tx, deps, order, deps.reviewHours ?? 24);
  }

  /** After a delivery commits: the mail is sent, stock shown anew, and missing keys bought. */
  async function afterDelivery(orderId: number, outcome: Delivery): Promise<Map<number, string[]>> {
    deps.invoiceNumbering?.kick();
    if (outcome.fresh) {
      deps.mailDispatcher.kick();
      catalogueChanged.notify();
      // A gift without a day goes to its recipient now (the round checks its keys and its day).
      if (outcome.gift) giftsPaid.notify();
    }
    if (!outcome.awaiting || !deps.supplierPurchases) return outcome.keys;
    // Buy from the supplier now; on failure the order stays awaiting keys and is retried later. A slow
    // supplier does not hold the caller: after a while the purchase goes on in the background.
    const delivery = deps.supplierPurchases.deliver(orderId).catch((error: unknown) => {
      deps.log.error({ orderId, err: (error as Error).message }, 'supplier delivery failed');
      return false;
    });
    const paid = await Promise.race([
      delivery,
      new Promise<false>((resolve) => setTimeout(resolve, SUPPLIER_WAIT_MS, false).unref()),
    ]);
    return paid ? keysOf(stockIn(db), orderId, outcome.lines) : outcome.keys;
  }

  return { keysOf, flatten, deliverIn, holdIn, afterDelivery };
}
