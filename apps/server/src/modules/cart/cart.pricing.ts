import { type Cents, multiplyCents, sumCents } from '@keyland/core/money';
import { splitGross, vatRateFor } from '@keyland/core/vat';

export interface PricedLine<T> {
  line: T;
  unitCents: Cents;
  quantity: number;
  /** A coupon's share of the line; `totalCents` is after it. */
  couponCents: Cents;
  netCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

export interface PricedCart<T> {
  lines: PricedLine<T>[];
  vatBasisPoints: number;
  untaxedCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/**
 * Prices a cart on the server only: VAT-inclusive unit prices from the catalogue, less a coupon's share of
 * each line (`couponShares`, whole cents, see `couponDiscounts`), the VAT rate of the customer's country
 * (the home country's when unknown), each line split into net and tax (tax rounded half up, net = total −
 * tax) and totals as sums of the lines, so untaxed + tax = total to the cent.
 */
export function priceCart<T extends { priceCents: number; quantity: number }>(
  lines: readonly T[],
  countryId: number | null | undefined,
  on: Date = new Date(),
  couponShares: readonly Cents[] = [],
): PricedCart<T> {
  const vatBasisPoints = vatRateFor(countryId, on);
  const priced = lines.map((line, index) => {
    const couponCents = couponShares[index] ?? 0;
    const total = multiplyCents(line.priceCents, line.quantity) - couponCents;
    const split = splitGross(total, vatBasisPoints);
    return {
      line,
      unitCents: line.priceCents,
      quantity: line.quantity,
      couponCents,
      netCents: split.net,
      taxCents: split.tax,
      totalCents: total,
    };
  });
  return {
    lines: priced,
    vatBasisPoints,
    untaxedCents: sumCents(priced.map((l) => l.netCents)),
    taxCents: sumCents(priced.map((l) => l.taxCents)),
    totalCents: sumCents(priced.map((l) => l.totalCents)),
  };
}
