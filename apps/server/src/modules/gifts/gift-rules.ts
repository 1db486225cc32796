import { toLocale } from '@keyland/core/locales';
import {
  GIFT_LINK_DAYS,
  GIFT_RESENDS_MAX,
  type GiftInput,
  type GiftRecord,
  type GiftState,
  giftDayAllowed,
  tallinnToday,
} from '@keyland/core/schemas/gifts';
import { AppError } from '../../lib/app-error.ts';
import type { GiftRow } from './gifts.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The language of a gift's mail and page. */
export const giftLocale = (lang: string) => toLocale(lang);

/** When a link sent at `at` stops opening the gift. */
export const linkExpiry = (at: Date) => new Date(at.getTime() + GIFT_LINK_DAYS * DAY_MS);

/**
 * The rule the schema cannot hold: the delivery day lies between today and a year ahead in Tallinn, today
 * being the server's. Answers the gift as it is stored.
 */
export function checkedGift(input: GiftInput, at: Date): GiftInput {
  if (input.deliverOn !== null && !giftDayAllowed(input.deliverOn, tallinnToday(at)))
    throw new AppError('GIFT_DATE_OUT_OF_RANGE', 'The delivery day must be between today and a year ahead', {
      field: 'gift.deliverOn',
    });
  return { ...input, recipientEmail: input.recipientEmail.toLowerCase() };
}

/** A gift's choices and state as the buyer reads them (history and data export). */
export function giftRecordOf(row: GiftRow): GiftRecord {
  return {
    status: row.status,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    deliverOn: row.deliverOn,
    lang: row.lang,
    sentAt: row.sentAt?.toISOString() ?? null,
    openedAt: row.openedAt?.toISOString() ?? null,
    resends: row.resends,
  };
}

/** A gift as its buyer sees it: never its token or keys. */
export function giftStateOf(row: GiftRow, at: Date): Omit<GiftState, 'games'> {
  const linkExpired =
    row.status === 'sent' && row.linkExpiresAt !== null && row.linkExpiresAt.getTime() <= at.getTime();
  const open = row.status === 'scheduled' || row.status === 'sent';
  const resendsLeft = Math.max(0, GIFT_RESENDS_MAX - row.resends);
  return {
    ...giftRecordOf(row),
    linkExpiresAt: row.linkExpiresAt?.toISOString() ?? null,
    linkExpired,
    resendable: open && row.erasedAt === null && (row.status === 'scheduled' || resendsLeft > 0),
    resendsLeft,
  };
}
