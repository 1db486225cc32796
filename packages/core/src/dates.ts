/**
 * Dates as Keyland shows them, in the reader's language (Intl only, so the browser and the server can
 * both use it). Two kinds of value:
 * - an instant (an ISO timestamp: an order paid, a key imported), shown in the reader's time zone;
 * - a calendar day (YYYY-MM-DD: a release date, a day of the sales chart), shown as that very day
 *   whatever the reader's time zone.
 * Each formatter is built once per language and style.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  locale: string,
  style: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * How much of an instant to show: 'medium' ('12 Mar 2025, 14:05', the back office), 'long' ('12 March
 * 2025 at 14:05', a customer's orders), 'precise' (with seconds and time zone, where the moment is a
 * record, such as a withdrawal's acknowledgement).
 */
export type DateTimeStyle = 'medium' | 'long' | 'precise';

const dateTimeOptions: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
  precise: { dateStyle: 'long', timeStyle: 'long' },
};

/** An instant in the reader's language and time zone; a dash when missing, the value itself when unreadable. */
export function formatDateTime(
  value: string | null | undefined,
  locale: string,
  style: DateTimeStyle = 'medium',
): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatterFor(locale, `instant-${style}`, dateTimeOptions[style]).format(date);
}

/** How much of a day to show: 'medium' ('Mar 1, 2024') or 'short' ('Mar 1', a chart's axis). */
export type DayStyle = 'medium' | 'short';

const dayOptions: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeZone: 'UTC' },
  short: { day: 'numeric', month: 'short', timeZone: 'UTC' },
};

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day in the reader's language, or null when missing or unreadable. A bare day is a date, not
 * an instant: it is read and printed in UTC so it never shifts a day; a full timestamp shows its UTC day.
 */
export function formatDay(
  value: string | null | undefined,
  locale: string,
  style: DayStyle = 'medium',
): string | null {
  if (!value) return null;
  const date = new Date(DAY_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  return formatterFor(locale, `day-${style}`, dayOptions[style]).format(date);
}
