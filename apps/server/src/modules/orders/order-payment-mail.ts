import { formatEuros } from '@keyland/core/money';
import type { Executor } from '../../db/client.ts';
import { renderMail } from '../mail/index.ts';
import { type Deps, queueToBuyer } from './order-buyer-mail.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * Tells the customer their order was paid with a method that settles later (a bank debit or transfer):
 * the keys are kept for them and come by e-mail when the payment completes.
 */
export function enqueuePaymentProcessingMail(tx: Executor, deps: Deps, order: OrderRow, holdDays: number) {
  return queueToBuyer(tx, deps, order, 'order_payment_processing', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.processing.subject', { id: order.id }),
      heading: t('mail.processing.heading', { name }),
      paragraphs: [
        t('mail.processing.body', { id: order.id, amount: formatEuros(order.amountTotalCents, locale) }),
        t('mail.processing.kept', { count: holdDays }),
      ],
      action: { label: t('mail.processing.action'), url: `${deps.publicUrl}/History` },
    }),
  );
}

/** Tells the customer a payment that was settling failed: nothing was charged and no key is delivered. */
export function enqueuePaymentFailedMail(tx: Executor, deps: Deps, order: OrderRow) {
  return queueToBuyer(tx, deps, order, 'order_payment_failed', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.paymentFailed.subject', { id: order.id }),
      heading: t('mail.paymentFailed.heading', { name }),
      paragraphs: [t('mail.paymentFailed.body', { id: order.id }), t('mail.paymentFailed.again')],
      action: { label: t('mail.paymentFailed.action'), url: `${deps.publicUrl}/store` },
    }),
  );
}
