import type { CountryCode } from './countries.ts';
import { findCountry, HOME_COUNTRY_ID } from './countries.ts';
import { type Cents, divideRoundHalfUp } from './money.ts';

/**
 * Standard VAT rates of the EU member states in basis points (2400 = 24 %), each with the date it took
 * effect. Rates in force before the listed date are kept so that an old order keeps its old rate.
 * Sources and dates: docs/vat.md.
 */
export const vatRates: Record<CountryCode, readonly { from: string; basisPoints: number }[]> = {
  AT: [{ from: '2016-01-01', basisPoints: 2000 }],
  BE: [{ from: '1996-01-01', basisPoints: 2100 }],
  BG: [{ from: '2007-01-01', basisPoints: 2000 }],
  CY: [{ from: '2014-01-13', basisPoints: 1900 }],
  CZ: [{ from: '2013-01-01', basisPoints: 2100 }],
  DE: [{ from: '2021-01-01', basisPoints: 1900 }],
  DK: [{ from: '1992-01-01', basisPoints: 2500 }],
  EE: [
    { from: '2024-01-01', basisPoints: 2200 },
    { from: '2025-07-01', basisPoints: 2400 },
  ],
  ES: [{ from: '2012-09-01', basisPoints: 2100 }],
  FI: [
    { from: '2013-01-01', basisPoints: 2400 },
    { from: '2024-09-01', basisPoints: 2550 },
  ],
  FR: [{ from: '2014-01-01', basisPoints: 2000 }],
  GR: [{ from: '2016-06-01', basisPoints: 2400 }],
  HR: [{ from: '2013-01-01', basisPoints: 2500 }],
  HU: [{ from: '2012-01-01', basisPoints: 2700 }],
  IE: [{ from: '2021-03-01', basisPoints: 2300 }],
  IT: [{ from: '2013-10-01', basisPoints: 2200 }],
  LT: [{ from: '2009-09-01', basisPoints: 2100 }],
  LU: [{ from: '2024-01-01', basisPoints: 1700 }],
  LV: [{ from: '2012-07-01', basisPoints: 2100 }],
  MT: [{ from: '2004-05-01', basisPoints: 1800 }],
  NL: [{ from: '2012-10-01', basisPoints: 2100 }],
  PL: [{ from: '2011-01-01', basisPoints: 2300 }],
  PT: [{ from: '2011-01-01', basisPoints: 2300 }],
  RO: [
    { from: '2017-01-01', basisPoints: 1900 },
    { from: '2025-08-01', basisPoints: 2100 },
  ],
  SE: [{ from: '1990-07-01', basisPoints: 2500 }],
  SI: [{ from: '2013-07-01', basisPoints: 2200 }],
  SK: [
    { from: '2011-01-01', basisPoints: 2000 },
    { from: '2025-01-01', basisPoints: 2300 },
  ],
};

/** The standard VAT rate (basis points) of a country on a date; unknown or missing countries get the home rate. */
export function vatRateFor(countryId: number | null | undefined, on: Date = new Date()): number {
  const country = findCountry(countryId ?? HOME_COUNTRY_ID) ?? findCountry(HOME_COUNTRY_ID);
  if (!country) throw new Error('Home country missing from the country list');
  const day = on.toISOString().slice(0, 10);
  const rates = vatRates[country.code];
  let current: number | undefined;
  for (const rate of rates) if (rate.from <= day) current = rate.basisPoints;
  if (current === undefined) throw new Error(`No VAT rate for ${country.code} on ${day}`);
  return current;
}

/** The rate as a percentage number for display and the wire (2550 → 25.5). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

export interface VatSplit {
  net: Cents;
  tax: Cents;
  gross: Cents;
}

/**
 * Splits a VAT-inclusive amount into net and tax. Rounding rule: the tax is gross × rate / (1 + rate)
 * rounded half up to the cent, and net = gross − tax, so net + tax = gross exactly. Order totals are the
 * sums of their lines' splits, so the same holds for totals.
 */
export function splitGross(gross: Cents, basisPoints: number): VatSplit {
  const tax = divideRoundHalfUp(gross * basisPoints, 10_000 + basisPoints);
  return { net: gross - tax, tax, gross };
}
