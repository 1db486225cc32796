import type { Locale } from '@keyland/core/locales';
import { formatEuros } from '@keyland/core/money';
import { translate } from '../../lib/i18n.ts';
import { type RenderedMail, renderMail } from '../mail/index.ts';

/** One game of an alert mail: its price went down, it is back in stock, or both. */
export interface AlertLine {
  title: string;
  platform: string;
  price?: { fromCents: number; toCents: number };
  backInStock: boolean;
}

function lineText(locale: Locale, line: AlertLine): string {
  const values = {
    title: line.title,
    platform: line.platform,
    ...(line.price
      ? { price: formatEuros(line.price.toCents, locale), was: formatEuros(line.price.fromCents, locale) }
      : {}),
  };
  const key = line.price ? (line.backInStock ? 'backInStockAt' : 'priceDrop') : 'backInStock';
  return translate(locale, `wishlist.mail.${key}`, values);
}

/**
 * The day's alert mail of one customer, in their language: every game with news, a button to the
 * wishlist, and the link that turns every alert off without logging in.
 */
export function wishlistAlertMail(
  locale: Locale,
  values: { name: string; lines: AlertLine[]; wishlistUrl: string; unsubscribeUrl: string },
): RenderedMail {
  const t = (key: string, more: Record<string, string | number> = {}) =>
    translate(locale, `wishlist.mail.${key}`, more);
  const count = values.lines.length;
  return renderMail(locale, {
    subject: t('subject', { count, title: values.lines[0]?.title ?? '' }),
    heading: t('heading', { name: values.name }),
    paragraphs: [t('intro', { count }), ...values.lines.map((line) => lineText(locale, line)), t('prices')],
    action: { label: t('action'), url: values.wishlistUrl },
    footnote: { text: t('why'), link: { label: t('unsubscribe'), url: values.unsubscribeUrl } },
  });
}
