import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { removeFromCart } from '../cart/index.ts';
import {
  decryptByLine,
  deliveredStatuses,
  enqueueOrderHeldMail,
  enqueueOrderKeysMail,
  heldStatuses,
  moveOrder,
  nextStatus,
  type OrderEvent,
  type OrderLineRow,
  type OrderRow,
  ordersIn,
  refundKeyOf,
} from '../orders/index.ts';
import type { CheckoutSessionState, PaymentDetails } from '../payments/index.ts';
import { type Stock, stockIn } from '../stock/index.ts';
import type { CheckoutDeps, DeliveredKey } from './checkout.service.ts';

/** How long fulfilment waits for keys bought from the supplier before answering without them. */
export const SUPPLIER_WAIT_MS = 8_000;

/**
 * Turning a paid session into delivered keys, once; closing an unpaid checkout. Every status change goes
 * through the order state machine: a closed order is never delivered again.
 */
export function createFulfilment(deps: CheckoutDeps) {
  const { db, provider, keyVault } = deps;
  const now = deps.now ?? (() => new Date());

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

  /** Puts an unpaid order's reserved keys back on sale and closes it. */
  async function release(orderId: number, event: 'reservation_lapsed' | 'checkout_abandoned'): Promise<void> {
    await db.transaction(async (tx) => {
      const repo = ordersIn(tx);
      const stock = stockIn(tx);
      const order = await repo.lockOrder(orderId);
      if (!order || !nextStatus(order.status, event)) return;
      await stock.releaseKeys(orderId);
      await moveOrder(tx, order, event, { reservedUntil: null });
    });
    catalogueChanged.notify();
  }

  /**
   * A payment arrived for an order that is closed for good (cancelled, refunded or withdrawn). Nothing is
   * delivered; a payment the order never counted (a checkout cancelled before its session was paid) is
   * given back with the order's refund key, so a replay refunds nothing twice.
   */
  async function refuseClosed(order: OrderRow, session: CheckoutSessionState): Promise<never> {
    deps.log.warn(
      { orderId: order.id, status: order.status },
      'payment for a closed order: nothing delivered',
    );
    if (order.paidAt === null && order.paymentSessionId) {
      try {
        const { refundId } = await provider.refund(
          order.paymentSessionId,
          session.amountTotalCents ?? order.amountTotalCents,
          refundKeyOf(order.id),
          'requested_by_customer',
        );
        deps.log.warn({ orderId: order.id, refundId }, 'payment for a closed order refunded');
      } catch (error) {
        deps.log.error(
          { orderId: order.id, err: (error as Error).message },
          'payment for a closed order not refunded yet',
        );
        throw new AppError('PAYMENT_UNAVAILABLE', 'The payment service did not answer');
      }
    }
    throw new AppError('ORDER_CANCELLED', `Order ${order.id} is ${order.status}`);
  }

  /**
   * What the provider reports of the card of a payment the order has not counted yet (one call, outside
   * any transaction); null when the order is already settled or the provider tells nothing.
   */
  async function paymentDetailsOf(orderId: number, sessionId: string): Promise<PaymentDetails | null> {
    if (!deps.risk) return null;
    const order = await ordersIn(db).findOrder(orderId);
    if (!order || order.paymentSessionId !== sessionId || !nextStatus(order.status, 'payment_confirmed'))
      return null;
    try {
      return await provider.paymentDetails(sessionId);
    } catch (error) {
      deps.log.warn({ orderId, err: (error as Error).message }, 'payment details not read');
      return null;
    }
  }

  type Events = { delivered: OrderEvent; awaiting: OrderEvent };
  type Delivery = { fresh: boolean; awaiting?: boolean; lines: OrderLineRow[]; keys: Map<number, string[]> };

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
  ): Promise<Delivery> {
    const repo = ordersIn(tx);
    const stock = stockIn(tx);
    const sold = await stock.sellReservedKeys(order.id, at);
    const count = (lineId: number) => sold.filter((key) => key.orderLineId === lineId).length;
    let reservedMore = false;
    for (const line of lines) {
      const missing = line.quantity - count(line.id);
      if (missing > 0 && (await stock.reserveKeys(line.gameId, missing, order.id, line.id, at)) > 0)
        reservedMore = true;
    }
    if (reservedMore) sold.push(...(await stock.sellReservedKeys(order.id, at)));
    const short: { lineId: number; gameId: number; missing: number }[] = [];
    for (const line of lines) {
      const missing = line.quantity - count(line.id);
      if (missing <= 0) continue;
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
    } else {
      await moveOrder(tx, order, events.delivered, { paidAt, reservedUntil: null });
    }
    await removeFromCart(
      tx,
      order.customerId,
      lines.map((l) => l.gameId),
    );
    const keys = decryptByLine(keyVault, lines, sold);
    // Everything else is read or written before the invoice: its number comes from a counter row that
    // stays locked until this transaction commits (numbers without gaps), so every other payment waits
    // for it; the fewer steps after it, the shorter that wait.
    const consent = short.length > 0 ? undefined : await repo.consentOf(order.id);
    const invoice = await deps.invoices?.issueForOrder(tx, order.id, lines);
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
    const stock = stockIn(tx);
    await stock.holdReservedKeys(order.id);
    const reserved = (await stock.keysOfOrder(order.id)).filter((key) => key.status === 'reserved');
    for (const line of lines) {
      const missing = line.quantity - reserved.filter((key) => key.orderLineId === line.id).length;
      if (missing > 0) await stock.reserveKeys(line.gameId, missing, order.id, line.id, null);
    }
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
    if (outcome.fresh) {
      deps.mailDispatcher.kick();
      catalogueChanged.notify();
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

  /**
   * Turns a paid session into delivered keys, once. Webhook and success page may both call it, in any
   * order or at the same time: the order row is locked, and a paid order answers its existing keys. An
   * order whose score is not low after payment is held for review instead: it answers no keys, `held`.
   */
  async function fulfil(
    session: CheckoutSessionState,
  ): Promise<{ orderId: number; keys: DeliveredKey[]; held?: boolean }> {
    if (session.paymentStatus !== 'paid' || session.orderId === null) {
      throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment not completed');
    }
    const orderId = session.orderId;
    const at = now();
    const payment = await paymentDetailsOf(orderId, session.sessionId);
    const outcome = await db.transaction(async (tx) => {
      const repo = ordersIn(tx);
      const stock = stockIn(tx);
      const order = await repo.lockOrder(orderId);
      if (!order || order.paymentSessionId !== session.sessionId)
        throw new AppError('NOT_FOUND', 'Unknown order');
      const lines = await repo.lines(order.id);
      if (heldStatuses.includes(order.status)) return { held: true as const, fresh: false, lines };
      // The order decides whether it may still be fulfilled, whatever the provider says of its session.
      if (!nextStatus(order.status, 'payment_confirmed') && !deliveredStatuses.includes(order.status))
        return { closed: order };
      if (order.status === 'paid') return { fresh: false, lines, keys: await keysOf(stock, order.id, lines) };
      if (order.status === 'awaiting_keys')
        return { fresh: false, awaiting: true, lines, keys: await keysOf(stock, order.id, lines) };
      if (session.amountTotalCents !== null && session.amountTotalCents !== order.amountTotalCents) {
        deps.log.error(
          { orderId, paid: session.amountTotalCents, due: order.amountTotalCents },
          'paid amount differs',
        );
        throw new AppError('CONFLICT', 'Paid amount differs from the order total');
      }
      // The order is scored again with what the provider reports of the card; not low, a person decides.
      const risk = await deps.risk?.assessPayment(
        tx,
        { ...order, gameIds: lines.map((l) => l.gameId) },
        payment,
      );
      if (risk && risk.tier !== 'low') {
        deps.log.warn({ orderId, score: risk.score, tier: risk.tier }, 'paid order held for review');
        await holdIn(tx, order, lines, at);
        return { held: true as const, fresh: true, lines };
      }
      return deliverIn(tx, order, lines, at, {
        delivered: 'payment_confirmed',
        awaiting: 'payment_confirmed_awaiting_keys',
      });
    });
    if ('closed' in outcome && outcome.closed) return refuseClosed(outcome.closed, session);
    if ('held' in outcome) {
      if (outcome.fresh) {
        deps.mailDispatcher.kick();
        catalogueChanged.notify();
      }
      return { orderId, keys: [], held: true };
    }
    if (!outcome.fresh && !outcome.awaiting) return { orderId, keys: flatten(outcome.lines, outcome.keys) };
    return { orderId, keys: flatten(outcome.lines, await afterDelivery(orderId, outcome)) };
  }

  /**
   * A person's decision on an order held for review: approved, it is delivered as a payment would have
   * delivered it (keys shown in history and mailed). Answers the delivered keys.
   */
  async function approveHeld(orderId: number): Promise<{ orderId: number; keys: DeliveredKey[] }> {
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const order = await ordersIn(tx).lockOrder(orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Unknown order');
      if (!heldStatuses.includes(order.status))
        throw new AppError('ORDER_NOT_HELD', `Order ${orderId} is ${order.status}`);
      const lines = await ordersIn(tx).lines(order.id);
      return deliverIn(tx, order, lines, at, {
        delivered: 'review_approved',
        awaiting: 'review_approved_awaiting_keys',
      });
    });
    return { orderId, keys: flatten(outcome.lines, await afterDelivery(orderId, outcome)) };
  }

  /**
   * Closes an unpaid order: its provider session is expired first, then the reservation released. A
   * session that turns out to be paid meanwhile is fulfilled instead, never cancelled.
   */
  async function closeUnpaid(
    order: OrderRow,
    event: 'reservation_lapsed' | 'checkout_abandoned',
  ): Promise<void> {
    if (order.paymentSessionId) {
      try {
        const state = await provider.retrieveSession(order.paymentSessionId);
        if (state.paymentStatus === 'paid') {
          await fulfil(state);
          return;
        }
        await provider.expireSession(order.paymentSessionId);
      } catch (error) {
        deps.log.warn(
          { orderId: order.id, err: (error as Error).message },
          'could not expire payment session',
        );
      }
    }
    await release(order.id, event);
  }

  return { fulfil, release, closeUnpaid, approveHeld };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
