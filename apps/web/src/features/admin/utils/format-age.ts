const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long ago an instant was, in the interface language ("3 hours ago", "yesterday", "12 days ago"),
 * from Intl alone: minutes under an hour, hours under two days, days after that.
 */
export function formatAge(value: string, locale: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(value).getTime());
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / 60_000), 'minute');
  if (elapsed < 2 * DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  return relative.format(-Math.floor(elapsed / DAY), 'day');
}
