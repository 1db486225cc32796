import type { OrderStatus } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { removeFromCart } from '../cart/index.ts';
import {
  enqueuePaymentFailedMail,
  enqueuePaymentProcessingMail,
  moveOrder,
  nextStatus,
  ordersIn,
  processingStatuses,
} from '../orders/index.ts';
import type { CheckoutSessionState } from '../payments/index.ts';
import { releaseOrderKeys } from '../preorders/index.ts';
import { stockIn } from '../stock/index.ts';
import type { CheckoutDeps } from './checkout.service.ts';

/**
 * Payments with a delayed method (SEPA Direct Debit, a bank transfer; decision 029): the order waits in
 * `payment_processing` with its keys kept, until the provider reports the payment settled (then the
 * fulfilment delivers it like any payment) or failed.
 */
export function createDelayedPayments(deps: CheckoutDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The customer paid with a delayed method (bank debit or transfer): the session is complete, its payment
   * not settled. The order waits in `payment_processing` with its keys kept for it for the hold period
   * (PAYMENT_PROCESSING_HOLD_DAYS), and the customer is told. Replays and late snapshots change nothing:
   * an order already further along (paid by a faster `async_payment_succeeded`) stays where it is.
   */
  async function markProcessing(
    session: CheckoutSessionState,
  ): Promise<{ orderId: number; status: OrderStatus }> {
    if (session.orderId === null || session.status !== 'complete' || session.paymentStatus === 'paid')
      throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment not completed');
    const orderId = session.orderId;
    const at = now();
    const until = new Date(at.getTime() + (deps.processingHoldDays ?? 14) * 24 * 60 * 60_000);
    const moved = await db.transaction(async (tx) => {
      const order = await ordersIn(tx).lockOrder(orderId);
      if (!order || order.paymentSessionId !== session.sessionId)
        throw new AppError('NOT_FOUND', 'Unknown order');
      if (!nextStatus(order.status, 'payment_processing')) return { moved: false, status: order.status };
      await stockIn(tx).extendReservation(order.id, until);
      await moveOrder(tx, order, 'payment_processing', { reservedUntil: until });
      // Bought, if not yet paid: the games leave the cart, so they are not bought twice meanwhile.
      const lines = await ordersIn(tx).lines(order.id);
      await removeFromCart(
        tx,
        order.customerId,
        lines.map((line) => line.gameId),
      );
      await enqueuePaymentProcessingMail(tx, deps, order, deps.processingHoldDays ?? 14);
      return { moved: true, status: 'payment_processing' as const };
    });
    if (moved.moved) deps.mailDispatcher.kick();
    return { orderId, status: moved.status };
  }

  /**
   * The provider reports a delayed payment failed: the keys go back on sale, the order is cancelled and
   * the customer told. Only an order still waiting for its payment moves; any other is left as it is.
   */
  async function failDelayed(session: CheckoutSessionState): Promise<void> {
    if (session.orderId === null) return;
    const orderId = session.orderId;
    const moved = await db.transaction(async (tx) => {
      const order = await ordersIn(tx).lockOrder(orderId);
      if (!order || order.paymentSessionId !== session.sessionId) return false;
      if (!processingStatuses.includes(order.status) && order.status !== 'pending_payment') return false;
      await releaseOrderKeys(tx, order.id);
      await moveOrder(tx, order, 'payment_failed', { reservedUntil: null });
      await enqueuePaymentFailedMail(tx, deps, order);
      return true;
    });
    if (moved) {
      deps.mailDispatcher.kick();
      catalogueChanged.notify();
    }
  }

  return { markProcessing, failDelayed };
}
