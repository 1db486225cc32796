import { type Locale, toLocale } from '@keyland/core/locales';
import { formatEuros } from '@keyland/core/money';
import type { Executor } from '../../db/client.ts';
import { translate } from '../../lib/i18n.ts';
import { type MailOutbox, type RenderedMail, renderMail } from '../mail/index.ts';
import { createOrdersRepository, type OrderRow } from './orders.repository.ts';

export type Deps = { mailOutbox: MailOutbox; publicUrl: string };
type Texts = (key: string, values?: Record<string, string | number>) => string;

/** Queues a mail to the order's buyer, written in their language, on the caller's transaction. */
export async function queueToBuyer(
  tx: Executor,
  deps: Deps,
  order: OrderRow,
  kind: string,
  write: (t: Texts, name: string, locale: Locale) => RenderedMail,
): Promise<void> {
  const customer = await createOrdersRepository(tx).customer(order.customerId);
  if (!customer) return;
  const locale = toLocale(customer.lang);
  const t: Texts = (key, values = {}) => translate(locale, key, values);
  await deps.mailOutbox.enqueue(tx, {
    toAddress: customer.email,
    kind,
    ...write(t, customer.fullName, locale),
  });
}

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
