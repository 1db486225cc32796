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
