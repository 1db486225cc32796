import { formatEuros } from '@keyland/core/money';
import type { Executor } from '../../db/client.ts';
import { renderMail } from '../mail/index.ts';
import { type Deps, queueToBuyer } from './order-buyer-mail.ts';
import type { OrderRow } from './orders.repository.ts';

type CancelledOrder = Pick<OrderRow, 'id' | 'customerId' | 'amountTotalCents'>;

/**
 * The mail of an order cancelled with its whole amount refunded (kind `order_cancelled`): why (the text
 * `why`), the refund, then what the customer can do now: write to support, or shop again. Answers the
 * address it went to, or null when the buyer's account is gone.
 */
function queueCancelledMail(
  tx: Executor,
  deps: Deps,
  order: CancelledOrder,
  why: string,
  then: 'contact' | 'shop',
): Promise<string | null> {
  return queueToBuyer(tx, deps, order, 'order_cancelled', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.cancelled.subject', { id: order.id }),
      heading: t('mail.cancelled.heading', { name }),
      paragraphs: [
        t(why, { id: order.id }),
        t('mail.cancelled.refund', { amount: formatEuros(order.amountTotalCents, locale) }),
        then === 'contact' ? t('mail.cancelled.contact') : t('mail.lateRefund.again'),
      ],
      action:
        then === 'contact'
          ? { label: t('mail.cancelled.action'), url: `${deps.publicUrl}/contactPage` }
          : { label: t('mail.paymentFailed.action'), url: `${deps.publicUrl}/store` },
    }),
  );
}

/** Tells the customer their order was cancelled after a security review, its keys withdrawn and refunded. */
export function enqueueOrderCancelledMail(tx: Executor, deps: Deps, order: CancelledOrder) {
  return queueCancelledMail(tx, deps, order, 'mail.cancelled.body', 'contact');
}

/**
 * Tells the customer a held order was cancelled after its review (or because nobody reviewed it in time):
 * no keys were delivered and the whole amount is refunded.
 */
export function enqueueReviewCancelledMail(tx: Executor, deps: Deps, order: CancelledOrder) {
  return queueCancelledMail(tx, deps, order, 'mail.held.cancelled', 'contact');
}

/**
 * Tells the customer a payment that arrived after their reservation lapsed could not be served (the keys
 * ran out meanwhile): the order is cancelled and the whole amount refunded.
 */
export function enqueueLatePaymentRefundedMail(tx: Executor, deps: Deps, order: CancelledOrder) {
  return queueCancelledMail(tx, deps, order, 'mail.lateRefund.body', 'shop');
}
