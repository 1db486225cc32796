import { formatEuros } from '@keyland/core/money';
import type { Executor } from '../../db/client.ts';
import { renderMail } from '../mail/index.ts';
import { type Deps, queueToBuyer } from './order-buyer-mail.ts';
import type { OrderRow } from './orders.repository.ts';

/** Tells the customer their paid order is being checked before its keys are delivered, and for how long. */
export function enqueueOrderHeldMail(tx: Executor, deps: Deps, order: OrderRow, hours: number) {
  return queueToBuyer(tx, deps, order, 'order_held', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.held.subject', { id: order.id }),
      heading: t('mail.held.heading', { name }),
      paragraphs: [t('mail.held.body', { id: order.id }), t('mail.held.when', { count: hours })],
      action: { label: t('mail.held.action'), url: `${deps.publicUrl}/History` },
    }),
  );
}

/**
 * Tells the customer a held order was cancelled after its review (or because nobody reviewed it in time):
 * no keys were delivered and the whole amount is refunded.
 */
export function enqueueReviewCancelledMail(tx: Executor, deps: Deps, order: OrderRow) {
  return queueToBuyer(tx, deps, order, 'order_cancelled', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.cancelled.subject', { id: order.id }),
      heading: t('mail.cancelled.heading', { name }),
      paragraphs: [
        t('mail.held.cancelled', { id: order.id }),
        t('mail.cancelled.refund', { amount: formatEuros(order.amountTotalCents, locale) }),
        t('mail.cancelled.contact'),
      ],
      action: { label: t('mail.cancelled.action'), url: `${deps.publicUrl}/contactPage` },
    }),
  );
}
