import type { Locale } from '@keyland/core/locales';
import { translate } from '../../lib/i18n.ts';
import { type RenderedMail, renderMail } from '../mail/index.ts';

/** The acknowledgement of a withdrawal on a durable medium, with its date and time (art. 11a(3)). */
export function withdrawalMail(
  locale: Locale,
  values: {
    id: number;
    name: string;
    at: string;
    amount: string;
    invoiceNumber: string | null;
    historyUrl: string;
  },
): RenderedMail {
  const t = (key: string, v: Record<string, string | number> = {}) =>
    translate(locale, `withdrawal.mail.${key}`, v);
  return renderMail(locale, {
    subject: t('subject', { id: values.id }),
    heading: t('heading', { name: values.name }),
    paragraphs: [
      t('received', { id: values.id, at: values.at }),
      t('refund', { amount: values.amount }),
      ...(values.invoiceNumber ? [t('creditNote', { number: values.invoiceNumber })] : []),
    ],
    action: { label: t('history'), url: values.historyUrl },
  });
}

/** Date and time of a withdrawal as printed for the customer (UTC, named). */
export function formatWithdrawalTime(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
    at,
  );
}
