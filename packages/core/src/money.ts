/**
 * Money is kept as integer euro cents everywhere inside Keyland. Euro amounts only exist on the wire of
 * the original store's calls, converted at the edge with these helpers.
 */
export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of cents: ${value}`);
  return value;
}

/** Converts a euro amount (at most two decimals) to cents; refuses anything finer than a cent. */
export function eurosToCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`Not a finite euro amount: ${euros}`);
  const cents = Math.round(euros * 100);
  if (Math.abs(cents - euros * 100) > 1e-6) throw new RangeError(`More than two decimals: ${euros}`);
  return cents;
}

/** Converts cents to a euro number with two decimals for the wire (never used for arithmetic). */
export function centsToEuros(cents: Cents): number {
  return assertCents(cents) / 100;
}

export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const value of values) total += assertCents(value);
  return total;
}

export function multiplyCents(unit: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Not an integer quantity: ${quantity}`);
  return assertCents(unit) * quantity;
}

/** Divides an integer by a positive integer, rounding half away from zero. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('Denominator must be positive');
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  return sign * Math.floor((2 * abs + denominator) / (2 * denominator));
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats cents as a euro price in the given language, always with two decimals. */
export function formatEuros(cents: Cents, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(assertCents(cents) / 100);
}

/**
 * A euro amount read from an answer (or computed in euros on this device) as whole cents, for display:
 * rounds away the float noise that the strict `eurosToCents` refuses, and counts a non-finite amount as
 * 0. Not for input: amounts a person or a caller sends are checked with `eurosToCents`.
 */
export function roundEurosToCents(euros: number): Cents {
  return Math.round((Number.isFinite(euros) ? euros : 0) * 100);
}
