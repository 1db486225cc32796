import { ordersIn } from '../orders/index.ts';
import type { Fulfilment } from './checkout.fulfilment.ts';
import type { CheckoutDeps } from './checkout.service.ts';

/**
 * The rounds that settle what no event settled: reservations whose time ran out, and payments whose
 * outcome the store may have missed (a lost webhook, a crash between payment and delivery).
 */
export function createReconciliation(
  deps: CheckoutDeps,
  { fulfil, closeUnpaid }: Pick<Fulfilment, 'fulfil' | 'closeUnpaid'>,
) {
  const { provider } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = ordersIn(deps.db);

  return {
    /** Releases reservations whose time ran out (their sessions are expired first). */
    async sweepLapsed(limit = 50): Promise<number> {
      const lapsed = await repository.lapsedOrders(now(), limit);
      for (const order of lapsed) await closeUnpaid(order, 'reservation_lapsed');
      return lapsed.length;
    },

    /**
     * Asks the provider about sessions left in doubt (pending orders with a session, untouched for
     * `settleMs`; orders whose delayed payment is settling, unasked for `processingSettleMs`): a paid one is
     * fulfilled (once: fulfil locks the order), so a lost webhook or a crash between payment and delivery
     * never leaves a paid order undelivered. Answers how many it fulfilled.
     */
    async reconcilePayments(
      options: { limit?: number; settleMs?: number; processingSettleMs?: number } = {},
    ): Promise<number> {
      const at = now().getTime();
      const doubtful = await repository.pendingWithSession(
        new Date(at - (options.settleMs ?? 30_000)),
        options.limit ?? 50,
        // A bank debit takes days: its order is asked about once an hour, not every minute.
        new Date(at - (options.processingSettleMs ?? 60 * 60_000)),
      );
      let fulfilled = 0;
      for (const order of doubtful) {
        try {
          const state = await provider.retrieveSession(order.paymentSessionId ?? '');
          if (state.paymentStatus !== 'paid' || state.orderId !== order.id) {
            if (order.status === 'payment_processing') await repository.touchOrder(order.id);
            continue;
          }
          await fulfil(state);
          fulfilled += 1;
          deps.log.info({ orderId: order.id }, 'payment reconciled: order fulfilled');
        } catch (error) {
          deps.log.warn(
            { orderId: order.id, err: (error as Error).message },
            'payment reconciliation failed',
          );
        }
      }
      return fulfilled;
    },
  };
}
