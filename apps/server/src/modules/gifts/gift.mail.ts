import { formatDateTime, formatDay } from '@keyland/core/dates';
import { pagePaths } from '@keyland/core/pages';
import type { Executor } from '../../db/client.ts';
import { translate } from '../../lib/i18n.ts';
import { type MailOutbox, renderMail } from '../mail/index.ts';
import { type OrderLineRow, type OrderRow, queueToBuyer } from '../orders/index.ts';
import { giftLocale } from './gift-rules.ts';
import type { GiftRow } from './gifts.repository.ts';

export interface GiftMailDeps {
  mailOutbox: MailOutbox;
  publicUrl: string;
}

/** The games of a gift in one phrase ("Hollow Knight, 2 × Celeste"). */
const titlesOf = (games: readonly { title: string; quantity: number }[]) =>
  games.map((game) => (game.quantity > 1 ? `${game.quantity} × ${game.title}` : game.title)).join(', ');

/** The recipient's page of a link: `/gift/<token>`. */
export const giftUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${pagePaths.gift.replace(':token', encodeURIComponent(token))}`;

/**
 * The gift itself, to its recipient in the language the buyer chose: who it is from, the message, and the
 * single-use link to the page where the keys are revealed. Queued in the transaction that sends it;
 * answers the outbox's id of the mail.
 */
export async function enqueueGiftMail(
  tx: Executor,
  deps: GiftMailDeps,
  gift: GiftRow & { recipientEmail: string },
  values: { from: string; games: { title: string; quantity: number }[]; token: string; expiresAt: Date },
): Promise<number> {
  const locale = giftLocale(gift.lang);
  const t = (key: string, more: Record<string, string | number> = {}) =>
    translate(locale, `mail.gift.${key}`, more);
  const message = gift.message?.trim();
  return deps.mailOutbox.enqueue(tx, {
    toAddress: gift.recipientEmail,
    kind: 'gift',
    ...renderMail(locale, {
      subject: t('subject', { from: values.from }),
      heading: t('heading', { name: gift.recipientName ?? '' }),
      paragraphs: [
        t('body', { from: values.from, titles: titlesOf(values.games) }),
        ...(message ? [t('message', { from: values.from, message })] : []),
        t('link', { date: formatDateTime(values.expiresAt.toISOString(), locale, 'long') }),
        t('once'),
      ],
      action: { label: t('action'), url: giftUrl(deps.publicUrl, values.token) },
    }),
  });
}

/**
 * To the buyer when a gift is paid: who gets it and when, that the keys are theirs to reveal, and that the
 * order may be withdrawn from until then. The invoice written in the same transaction travels with it.
 */
export function enqueueGiftPaidMail(
  tx: Executor,
  deps: GiftMailDeps,
  order: OrderRow,
  lines: OrderLineRow[],
  gift: GiftRow,
) {
  return queueToBuyer(tx, deps, order, 'gift_paid', (t, name, locale) => {
    const day = gift.deliverOn ? (formatDay(gift.deliverOn, locale) ?? gift.deliverOn) : null;
    const recipient = { recipient: gift.recipientName ?? '', email: gift.recipientEmail ?? '' };
    return renderMail(locale, {
      subject: t('mail.giftPaid.subject', { id: order.id }),
      heading: t('mail.giftPaid.heading', { name }),
      paragraphs: [
        t('mail.giftPaid.body', { id: order.id, titles: titlesOf(lines), ...recipient }),
        day ? t('mail.giftPaid.scheduled', { date: day, ...recipient }) : t('mail.giftPaid.now', recipient),
        t('mail.giftPaid.keys'),
        t('mail.giftPaid.withdraw'),
      ],
      action: { label: t('mail.giftPaid.action'), url: `${deps.publicUrl}${pagePaths.history}` },
    });
  });
}

/** To the buyer when the recipient opened the gift (the keys are now supplied). */
export function enqueueGiftOpenedMail(tx: Executor, deps: GiftMailDeps, order: OrderRow, gift: GiftRow) {
  return queueToBuyer(tx, deps, order, 'gift_opened', (t, name, locale) =>
    renderMail(locale, {
      subject: t('mail.giftOpened.subject', { recipient: gift.recipientName ?? '' }),
      heading: t('mail.giftOpened.heading', { name }),
      paragraphs: [
        t('mail.giftOpened.body', {
          id: order.id,
          recipient: gift.recipientName ?? '',
          date: formatDateTime((gift.openedAt ?? new Date()).toISOString(), locale, 'long'),
        }),
      ],
      action: { label: t('mail.giftOpened.action'), url: `${deps.publicUrl}${pagePaths.history}` },
    }),
  );
}
