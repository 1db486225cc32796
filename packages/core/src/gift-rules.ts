import { isoToTallinnInput } from './dates.ts';
import { isLocale } from './locales.ts';

/**
 * The rules of a gift (docs/decisions/039-gifts.md), shared by the server's zod schema and the checkout's
 * gift fields, kept free of zod so the shop's pages stay small.
 */

/** The longest recipient name and message a gift carries. */
export const GIFT_NAME_MAX = 100;
export const GIFT_MESSAGE_MAX = 500;
export const GIFT_EMAIL_MAX = 254;
/** A gift is delivered at most this many days after today (Tallinn). */
export const GIFT_DAYS_AHEAD_MAX = 365;
/** A gift's link opens it for this many days after it was sent (or sent again). */
export const GIFT_LINK_DAYS = 90;
/** How often a buyer may send a gift again to a corrected address. */
export const GIFT_RESENDS_MAX = 5;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A pragmatic address check for the form; the server checks the address with zod as well. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The calendar day in Tallinn at an instant (YYYY-MM-DD): a gift's day begins at 00:00 there. */
export const tallinnToday = (at: Date = new Date()): string =>
  isoToTallinnInput(at.toISOString()).slice(0, 10);

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days a gift bought `today` may be delivered on: today to a year ahead (Tallinn). */
export function giftDayRange(today: string): { min: string; max: string } {
  return { min: today, max: dayAfter(today, GIFT_DAYS_AHEAD_MAX) };
}

/** Whether `day` is a real calendar day (YYYY-MM-DD) within the range of a gift bought `today`. */
export function giftDayAllowed(day: string, today: string): boolean {
  if (!DAY.test(day) || Number.isNaN(new Date(`${day}T00:00:00Z`).getTime())) return false;
  if (new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return false;
  const { min, max } = giftDayRange(today);
  return day >= min && day <= max;
}

/** What the buyer fills in at checkout. */
export interface GiftFormValues {
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** Empty: sent right after payment. */
  deliverOn: string;
  lang: string;
}

export type GiftField = keyof GiftFormValues;
export type GiftProblem = 'required' | 'tooLong' | 'email' | 'dateRange' | 'lang';

/** The problems of a gift's fields, by field (empty when it can be sent to the server). */
export function giftProblems(values: GiftFormValues, today: string): Partial<Record<GiftField, GiftProblem>> {
  const problems: Partial<Record<GiftField, GiftProblem>> = {};
  const name = values.recipientName.trim();
  if (name === '') problems.recipientName = 'required';
  else if ([...name].length > GIFT_NAME_MAX) problems.recipientName = 'tooLong';
  const email = values.recipientEmail.trim();
  if (email === '') problems.recipientEmail = 'required';
  else if (email.length > GIFT_EMAIL_MAX || !EMAIL.test(email)) problems.recipientEmail = 'email';
  if ([...values.message.trim()].length > GIFT_MESSAGE_MAX) problems.message = 'tooLong';
  if (values.deliverOn !== '' && !giftDayAllowed(values.deliverOn, today)) problems.deliverOn = 'dateRange';
  if (!isLocale(values.lang)) problems.lang = 'lang';
  return problems;
}

/** A gift as the checkout sends it: trimmed, an empty day meaning "right after payment". */
export interface GiftRequest {
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string | null;
  lang: string;
}

export function giftRequestOf(values: GiftFormValues): GiftRequest {
  return {
    recipientName: values.recipientName.trim(),
    recipientEmail: values.recipientEmail.trim(),
    message: values.message.trim(),
    deliverOn: values.deliverOn === '' ? null : values.deliverOn,
    lang: values.lang,
  };
}
