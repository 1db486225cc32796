import { formatPrice } from '../../catalogue/utils/format.ts';

/** Euros from the admin API (at most two decimals) in the interface language. */
export const formatEuros = (euros: number, locale: string): string => formatPrice(euros, locale);

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant ('12 Mar 2025, 14:05') in the interface language, or a dash when missing. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  let formatter = dateTimeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/** A calendar day of the dashboard (YYYY-MM-DD, UTC) as a short date ('12 Mar'). */
export function formatDay(day: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const key = `${locale}-${style}`;
  let formatter = dayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale,
      style === 'short'
        ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeZone: 'UTC' },
    );
    dayFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
