/** A count (orders, keys, customers) with the interface language's digit grouping. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
