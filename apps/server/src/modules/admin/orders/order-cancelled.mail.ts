import type { Locale } from '@keyland/core/locales';
import { translate } from '../../../lib/i18n.ts';
import { type RenderedMail, renderMail } from '../../mail/index.ts';

/** Tells the customer their order was cancelled after a security review, its keys withdrawn and refunded. */
export function orderCancelledMail(
  locale: Locale,
  order: { id: number; name: string; amount: string; supportUrl: string },
): RenderedMail {
  const t = (key: string, values: Record<string, string | number> = {}) => translate(locale, key, values);
  return renderMail(locale, {
    subject: t('mail.cancelled.subject', { id: order.id }),
    heading: t('mail.cancelled.heading', { name: order.name }),
    paragraphs: [
      t('mail.cancelled.body', { id: order.id }),
      t('mail.cancelled.refund', { amount: order.amount }),
      t('mail.cancelled.contact'),
    ],
    action: { label: t('mail.cancelled.action'), url: order.supportUrl },
  });
}
