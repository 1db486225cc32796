import { STOCK_DISPLAY_CAP } from '@keyland/core/catalogue';
import { eurosToCents, formatEuros } from '@keyland/core/money';

/** A catalogue price (euros on the wire, VAT included) in the given language, always with two decimals. */
export function formatPrice(euros: number, locale: string): string {
  let cents: number;
  try {
    cents = eurosToCents(euros);
  } catch {
    cents = Number.isFinite(euros) ? Math.round(euros * 100) : 0;
  }
  return formatEuros(cents, locale);
}

/** The stock as shown on a card: the number, or '10+' above the display cap. */
export function formatStock(stock: number): string {
  return stock > STOCK_DISPLAY_CAP ? `${STOCK_DISPLAY_CAP}+` : String(Math.max(0, stock));
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A release date in the given language ('12 mar 2024'), or null when missing or unreadable. */
export function formatReleaseDate(value: string | null | undefined, locale: string): string | null {
  if (!value) return null;
  // A bare day is a calendar date, not an instant: read and print it in UTC so it never shifts a day.
  const date = new Date(DAY_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  let formatter = dateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormatters.set(locale, formatter);
  }
  return formatter.format(date);
}
