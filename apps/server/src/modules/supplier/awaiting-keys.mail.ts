import type { Locale } from '@keyland/core/locales';
import { translate } from '../../lib/i18n.ts';
import { type RenderedMail, renderMail } from '../mail/index.ts';

/** Tells a customer their payment arrived and some keys are still coming from the supplier. */
export function awaitingKeysMail(
  locale: Locale,
  order: { id: number; name: string; historyUrl: string },
): RenderedMail {
  const t = (key: string) => translate(locale, key, { id: order.id, name: order.name });
  return renderMail(locale, {
    subject: t('supplier.mail.subject'),
    heading: t('supplier.mail.heading'),
    paragraphs: [t('supplier.mail.body'), t('supplier.mail.later')],
    action: { label: t('supplier.mail.action'), url: order.historyUrl },
  });
}
