import { formatDay } from '@keyland/core/dates';
import type { Executor } from '../../db/client.ts';
import { type MailOutbox, renderMail } from '../mail/index.ts';
import { type OrderLineRow, type OrderRow, queueToBuyer } from '../orders/index.ts';

/**
 * Tells the customer their pre-order is paid and confirmed: the day its keys come, and that they may
 * withdraw until then. Queued in the payment's transaction, right after the invoice is written, so the
 * invoice travels with it.
 */
export function enqueuePreorderConfirmedMail(
  tx: Executor,
  deps: { mailOutbox: MailOutbox; publicUrl: string },
  order: OrderRow,
  lines: OrderLineRow[],
) {
  const preordered = lines.filter((line) => line.preorderRelease !== null);
  const release = preordered.map((line) => line.preorderRelease ?? '').sort()[0] ?? '';
  const titles = preordered.map((line) => line.title).join(', ');
  return queueToBuyer(tx, deps, order, 'order_preorder', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.preorder.subject', { id: order.id }),
      heading: t('mail.preorder.heading', { name }),
      paragraphs: [
        t('mail.preorder.body', { id: order.id, titles, date: formatDay(release, locale) ?? release }),
        t('mail.preorder.delivery'),
        t('mail.preorder.withdraw'),
      ],
      action: { label: t('mail.preorder.action'), url: `${deps.publicUrl}/History` },
    }),
  );
}
