import { describe, expect, it } from 'vitest';
import { countries } from './countries.ts';
import { basisPointsToPercent, splitGross, vatRateFor, vatRates } from './vat.ts';

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('VAT rates', () => {
  it('has a rate for every EU country of the registration list', () => {
    for (const country of countries) expect(vatRates[country.code].length).toBeGreaterThan(0);
  });

  it('follows the dated changes of Estonia, Finland, Romania and Slovakia', () => {
    expect(vatRateFor(64, at('2025-06-30'))).toBe(2200);
    expect(vatRateFor(64, at('2025-07-01'))).toBe(2400);
    expect(vatRateFor(70, at('2024-08-31'))).toBe(2400);
    expect(vatRateFor(70, at('2024-09-01'))).toBe(2550);
    expect(vatRateFor(188, at('2025-07-31'))).toBe(1900);
    expect(vatRateFor(188, at('2025-08-01'))).toBe(2100);
    expect(vatRateFor(201, at('2024-12-31'))).toBe(2000);
    expect(vatRateFor(201, at('2025-01-01'))).toBe(2300);
  });

  it('uses the home country (Estonia) for a visitor without a country or an unknown one', () => {
    expect(vatRateFor(undefined, at('2026-11-22'))).toBe(2400);
    expect(vatRateFor(null, at('2026-11-22'))).toBe(2400);
    expect(vatRateFor(9999, at('2026-11-22'))).toBe(2400);
  });

  it('shows percentages with their decimals', () => {
    expect(basisPointsToPercent(2550)).toBe(25.5);
    expect(basisPointsToPercent(2100)).toBe(21);
  });
});

describe('splitGross', () => {
  it('splits a VAT-inclusive price so that net + tax = gross to the cent', () => {
    expect(splitGross(1999, 2400)).toEqual({ net: 1612, tax: 387, gross: 1999 });
    expect(splitGross(1999, 2100)).toEqual({ net: 1652, tax: 347, gross: 1999 });
    expect(splitGross(1, 2400)).toEqual({ net: 1, tax: 0, gross: 1 });
    expect(splitGross(0, 2400)).toEqual({ net: 0, tax: 0, gross: 0 });
  });

  it('keeps the identity for every price up to 100 € at every rate', () => {
    const rates = new Set(Object.values(vatRates).flatMap((list) => list.map((r) => r.basisPoints)));
    for (const rate of rates) {
      for (let gross = 0; gross <= 10_000; gross += 7) {
        const split = splitGross(gross, rate);
        expect(split.net + split.tax).toBe(gross);
        expect(Number.isInteger(split.tax)).toBe(true);
        expect(Math.abs(split.tax - (gross * rate) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });
});
