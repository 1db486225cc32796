import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { giftOfOrder } from '../gifts/index.ts';
import {
  deliveredStatuses,
  enqueueLatePaymentRefundedMail,
  heldStatuses,
  moveOrder,
  nextStatus,
  type OrderLineRow,
  type OrderRow,
  ordersIn,
  refundKeyOf,
} from '../orders/index.ts';
import type { CheckoutSessionState, PaymentDetails } from '../payments/index.ts';
import { releaseOrderKeys } from '../preorders/index.ts';
import { stockIn } from '../stock/index.ts';
import { createDelivery } from './checkout.delivery.ts';
import type { CheckoutDeps, DeliveredKey } from './checkout.service.ts';

export { SUPPLIER_WAIT_MS } from './checkout.delivery.ts';

/** A pre-order's delivery day, for the success page (decision 038); nothing for an ordinary order. */
function preorderOf(lines: OrderLineRow[]): { preorderRelease?: string } {
  const release = lines.find((line) => line.preorderRelease !== null)?.preorderRelease;
  return release ? { preorderRelease: release } : {};
}

/**
 * Turning a paid session into delivered keys, once; closing an unpaid checkout. Every status change goes
 * through the order state machine: a closed order is never delivered again.
 */
export function createFulfilment(deps: CheckoutDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  /** Puts an unpaid order's reserved keys back on sale and closes it. */
  async function release(orderId: number, event: 'reservation_lapsed' | 'checkout_abandoned'): Promise<void> {
    await db.transaction(async (tx) => {
      const repo = ordersIn(tx);
      const order = await repo.lockOrder(orderId);
      if (!order || !nextStatus(order.status, event)) return;
      await releaseOrderKeys(tx, orderId);
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
   * A payment that arrived after its order's reservation lapsed (`expired`), for keys that sold out
   * meanwhile: the whole amount goes back (with the order's refund key, so a replay refunds nothing twice),
   * the order is cancelled and the customer told. Any other shortage is left to its caller.
   */
  async function refundLatePayment(orderId: number, shortage: AppError): Promise<never> {
    const order = await ordersIn(db).findOrder(orderId);
    if (order?.status !== 'expired' || !order.paymentSessionId) throw shortage;
    try {
      await provider.refund(
        order.paymentSessionId,
        order.amountTotalCents,
        refundKeyOf(order.id),
        'requested_by_customer',
      );
    } catch (error) {
      deps.log.error({ orderId, err: (error as Error).message }, 'late payment not refunded yet');
      throw new AppError('PAYMENT_UNAVAILABLE', 'The payment service did not answer');
    }
    const moved = await db.transaction(async (tx) => {
      const locked = await ordersIn(tx).lockOrder(orderId);
      if (!locked || !nextStatus(locked.status, 'late_payment_refunded')) return false;
      await moveOrder(tx, locked, 'late_payment_refunded', { reservedUntil: null });
      await enqueueLatePaymentRefundedMail(tx, deps, locked);
      return true;
    });
    if (moved) {
      deps.log.warn({ orderId }, 'late payment for keys that sold out: refunded and cancelled');
      deps.mailDispatcher.kick();
    }
    throw new AppError('ORDER_CANCELLED', `Order ${orderId} is cancelled`);
  }

  /**
   * What the provider reports of the card of a payment the order has not counted yet (one call, outside
   * any transaction); null when the order is already settled or the provider tells nothing.
   */
  async function paymentDetailsOf(
    orderId: number,
    sessionId: string,
    /** The order as the caller just read it (not read again). */
    known?: OrderRow,
  ): Promise<PaymentDetails | null> {
    if (!deps.risk) return null;
    const order = known?.id === orderId ? known : await ordersIn(db).findOrder(orderId);
    if (!order || order.paymentSessionId !== sessionId || !nextStatus(order.status, 'payment_confirmed'))
      return null;
    try {
      return await provider.paymentDetails(sessionId);
    } catch (error) {
      deps.log.warn({ orderId, err: (error as Error).message }, 'payment details not read');
      return null;
    }
  }

  const { keysOf, flatten, deliverIn, holdIn, afterDelivery } = createDelivery(deps);

  /** The moment that dates a payment's invoice, taken inside its transaction once the order is locked. */
  const paymentMoment = (tx: Executor) =>
    (deps.invoices?.beforePaymentMoment(tx) ?? Promise.resolve()).then(now);

  /**
   * Turns a paid session into delivered keys, once. Webhook and success page may both call it, in any
   * order or at the same time: the order row is locked, and a paid order answers its existing keys. An
   * order whose score is not low after payment is held for review instead: it answers no keys, `held`.
   * `known` is the order as the caller just read it: one already paid answers its keys without a lock
   * (the success page reached after the payment's event, the usual case).
   */
  async function fulfil(
    session: CheckoutSessionState,
    known?: OrderRow,
  ): Promise<{
    orderId: number;
    keys: DeliveredKey[];
    held?: boolean;
    preorderRelease?: string;
    gift?: { deliverOn: string | null };
  }> {
    if (session.paymentStatus !== 'paid' || session.orderId === null) {
      throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment not completed');
    }
    const orderId = session.orderId;
    if (known?.id === orderId && known.paymentSessionId === session.sessionId && known.status === 'paid') {
      const lines = await ordersIn(db).lines(orderId);
      const gift = await giftOfOrder(db, orderId);
      // A gift's keys are its recipient's: the buyer's page never shows them (decision 039).
      const keys = gift ? [] : flatten(lines, await keysOf(stockIn(db), orderId, lines));
      return {
        orderId,
        keys,
        ...preorderOf(lines),
        ...(gift ? { gift: { deliverOn: gift.deliverOn } } : {}),
      };
    }
    const payment = await paymentDetailsOf(orderId, session.sessionId, known);
    const outcome = await db
      .transaction(async (tx) => {
        const repo = ordersIn(tx);
        const stock = stockIn(tx);
        const order = await repo.lockOrder(orderId);
        if (!order || order.paymentSessionId !== session.sessionId)
          throw new AppError('NOT_FOUND', 'Unknown order');
        // The payment's moment, taken after the provider's answer: the invoice is dated and numbered by it.
        const at = await paymentMoment(tx);
        const lines = await repo.lines(order.id);
        if (heldStatuses.includes(order.status)) return { held: true as const, fresh: false, lines };
        // The order decides whether it may still be fulfilled, whatever the provider says of its session.
        if (!nextStatus(order.status, 'payment_confirmed') && !deliveredStatuses.includes(order.status))
          return { closed: order };
        const gift = await giftOfOrder(tx, order.id);
        // A gift's keys are its recipient's: the buyer's page never shows them (decision 039).
        if (gift && deliveredStatuses.includes(order.status))
          return { fresh: false, lines, keys: new Map<number, string[]>(), gift };
        if (order.status === 'paid')
          return { fresh: false, lines, keys: await keysOf(stock, order.id, lines) };
        // A pre-order waits for its release day, not for the supplier.
        if (order.status === 'awaiting_keys')
          return {
            fresh: false,
            awaiting: !preorderOf(lines),
            lines,
            keys: await keysOf(stock, order.id, lines),
          };
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
          { ...order, gameIds: lines.map((l) => l.gameId), giftRecipient: gift?.recipientEmail },
          payment,
        );
        if (risk && risk.tier !== 'low') {
          deps.log.warn({ orderId, score: risk.score, tier: risk.tier }, 'paid order held for review');
          await holdIn(tx, order, lines, at);
          return { held: true as const, fresh: true, lines };
        }
        return deliverIn(
          tx,
          order,
          lines,
          at,
          { delivered: 'payment_confirmed', awaiting: 'payment_confirmed_awaiting_keys' },
          gift ?? null,
        );
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'OUT_OF_STOCK')
          return refundLatePayment(orderId, error);
        throw error;
      });
    if ('closed' in outcome && outcome.closed) return refuseClosed(outcome.closed, session);
    if ('held' in outcome) {
      if (outcome.fresh) {
        deps.mailDispatcher.kick();
        catalogueChanged.notify();
      }
      return { orderId, keys: [], held: true };
    }
    const preorder = preorderOf(outcome.lines);
    const gift = outcome.gift ? { gift: { deliverOn: outcome.gift.deliverOn } } : {};
    if (!outcome.fresh && !outcome.awaiting)
      return { orderId, keys: flatten(outcome.lines, outcome.keys), ...preorder, ...gift };
    const keys = flatten(outcome.lines, await afterDelivery(orderId, outcome));
    return { orderId, keys, ...preorder, ...gift };
  }

  /**
   * A person's decision on an order held for review: approved, it is delivered as a payment would have
   * delivered it (keys shown in history and mailed). Answers the delivered keys.
   */
  async function approveHeld(orderId: number): Promise<{ orderId: number; keys: DeliveredKey[] }> {
    const outcome = await db.transaction(async (tx) => {
      const order = await ordersIn(tx).lockOrder(orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Unknown order');
      const at = await paymentMoment(tx);
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
