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

// ---------- Tallinn wall time (the back office's clock) ----------

/** The time zone the store is run from: admins plan and read sales in it, whatever their browser's zone. */
const TALLINN = 'Europe/Tallinn';
const HOUR_MS = 3_600_000;

let tallinnParts: Intl.DateTimeFormat | undefined;

/** The Tallinn wall time of an instant, as if it were UTC (milliseconds; seconds kept). */
function tallinnWallMs(at: number): number {
  tallinnParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TALLINN,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const part: Record<string, number> = {};
  for (const { type, value } of tallinnParts.formatToParts(at)) part[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far Tallinn is ahead of UTC at an instant (2 hours in winter, 3 in summer). */
const tallinnOffsetMs = (at: number): number => tallinnWallMs(at) - Math.floor(at / 1000) * 1000;

/**
 * Midnight in Tallinn on the first day of a month (`month0` counts from 0), as an instant: the start of
 * a month of the store's books (invoices are dated in Estonian time).
 */
export function tallinnMonthStart(year: number, month0: number): Date {
  const utcMidnight = Date.UTC(year, month0, 1);
  return new Date(utcMidnight - tallinnOffsetMs(utcMidnight));
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * A `datetime-local` value ('2026-03-29T10:00') read as Tallinn wall time, as an ISO 8601 UTC instant
 * ('2026-03-29T07:00:00.000Z'); null when it is not such a value or names no real day.
 * - The hour skipped when summer time starts (last Sunday of March, 03:00 → 04:00) does not exist: a time
 *   in it moves forward by that hour (03:30 is read as 04:30 summer time).
 * - The hour lived twice when it ends (last Sunday of October, 04:00 → 03:00) is read the first time,
 *   in summer time.
 */
export function tallinnInputToIso(value: string): string | null {
  const match = WALL_TIME.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  // Tallinn changes its offset at most once in a day: the offsets half a day before and after are the
  // only candidates. The earlier one first: it gives the first of a doubled hour and, for a skipped one,
  // the instant an hour later on the clock.
  const before = tallinnOffsetMs(wall - 12 * HOUR_MS);
  const after = tallinnOffsetMs(wall + 12 * HOUR_MS);
  const exact = [before, after].find((offset) => tallinnWallMs(wall - offset) === wall);
  return new Date(wall - (exact ?? before)).toISOString();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * An instant as Tallinn wall time in the form of a `datetime-local` value ('2026-03-29T10:00'), to fill
 * a form that `tallinnInputToIso` reads back; an empty string when missing or unreadable.
 */
export function isoToTallinnInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const wall = new Date(tallinnWallMs(at));
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
  );
}
