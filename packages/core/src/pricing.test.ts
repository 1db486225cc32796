import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscounts,
  lowestPriorPrice,
  MIN_ORDER_CENTS,
  type PricePoint,
  percentOff,
  promotionPriceCents,
  reductionStartedAt,
  referencePrice,
} from './pricing.ts';
import { splitGross, vatRates } from './vat.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1, 12);
/** A ledger entry `days` days after START (negative: before). */
const at = (days: number, priceCents: number, promotionId: number | null = null): PricePoint => ({
  at: new Date(START + days * DAY),
  priceCents,
  promotionId,
});

describe('the 30-day reference price', () => {
  it('is the lowest price in effect during the 30 days before the reduction, including the one in force when the window opened', () => {
    const ledger = [at(-60, 2500), at(-20, 3000), at(0, 2000, 1)];
    // 25.00 € was in force when the window opened (−30 days) and stayed until −20.
    expect(lowestPriorPrice(ledger, new Date(START))).toBe(2500);
    expect(referencePrice(ledger)).toBe(2500);
  });

  it('sees a price that rose and then fell inside the window', () => {
    const ledger = [at(-90, 4000), at(-25, 5000), at(-10, 3500), at(-5, 4000), at(0, 3000, 1)];
    expect(referencePrice(ledger)).toBe(3500);
    // 30.00 € against 35.00 €: 14 % (rounded down), not 25 % against the regular 40.00 €.
    expect(percentOff(3500, 3000)).toBe(14);
  });

  it('ignores prices older than the window except the one in force when it opened', () => {
    const ledger = [at(-100, 1000), at(-45, 4000), at(0, 3000, 1)];
    expect(referencePrice(ledger)).toBe(4000);
  });

  it('keeps the reference of the first step of a progressive reduction', () => {
    const ledger = [at(-40, 4000), at(0, 3600, 1), at(2, 3000, 2), at(5, 3600, 1)];
    expect(reductionStartedAt(ledger)?.getTime()).toBe(START);
    expect(referencePrice(ledger)).toBe(4000);
    expect(percentOff(referencePrice(ledger), 3000)).toBe(25);
  });

  it('makes a sale shortly after another one count the earlier sale price', () => {
    // A 5-day sale at 10.00 € ended 10 days ago; a new one at 15.00 € is not a reduction to show.
    const ledger = [at(-60, 2000), at(-15, 1000, 1), at(-10, 2000), at(0, 1500, 2)];
    expect(reductionStartedAt(ledger)?.getTime()).toBe(START);
    expect(referencePrice(ledger)).toBe(1000);
    expect(percentOff(referencePrice(ledger), 1500)).toBeNull();
  });

  it('follows the supplier’s price moves like any other', () => {
    const ledger = [at(-40, 2999), at(-12, 2799), at(-3, 3199), at(0, 2399, 7)];
    expect(referencePrice(ledger)).toBe(2799);
    expect(percentOff(2799, 2399)).toBe(14);
  });

  it('has no reference when nothing is on sale, or when the ledger knows no earlier price', () => {
    expect(referencePrice([at(-40, 2000), at(-3, 2500)])).toBeNull();
    expect(referencePrice([at(0, 1500, 1)])).toBeNull();
    expect(reductionStartedAt([at(-2, 1500, 1), at(-1, 2000)])).toBeNull();
  });
});

describe('sale prices and the percentage off', () => {
  it('rounds a percentage off half up to the cent and never raises a price', () => {
    expect(promotionPriceCents(1999, { kind: 'percent', percentOff: 15, fixedPriceCents: null })).toBe(1699);
    expect(promotionPriceCents(1, { kind: 'percent', percentOff: 90, fixedPriceCents: null })).toBe(1);
    expect(promotionPriceCents(999, { kind: 'percent', percentOff: 50, fixedPriceCents: null })).toBe(500);
    expect(promotionPriceCents(2000, { kind: 'fixed_price', percentOff: null, fixedPriceCents: 2500 })).toBe(
      2000,
    );
    expect(promotionPriceCents(2000, { kind: 'fixed_price', percentOff: null, fixedPriceCents: 1299 })).toBe(
      1299,
    );
  });

  it('rounds the percentage shown down, and shows none under 1 %', () => {
    expect(percentOff(2000, 1500)).toBe(25);
    expect(percentOff(3000, 2001)).toBe(33);
    expect(percentOff(10000, 9950)).toBeNull();
    expect(percentOff(2000, 2000)).toBeNull();
    expect(percentOff(null, 1000)).toBeNull();
  });

  it('gives, for any price, percentage and EU VAT rate, whole cents whose net and VAT add up to the total', () => {
    const rates = [...new Set(Object.values(vatRates).flatMap((list) => list.map((r) => r.basisPoints)))];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(...rates),
        (list, percent, quantity, rate) => {
          const unit = promotionPriceCents(list, {
            kind: 'percent',
            percentOff: percent,
            fixedPriceCents: null,
          });
          expect(Number.isSafeInteger(unit)).toBe(true);
          expect(unit).toBeGreaterThanOrEqual(1);
          expect(unit).toBeLessThanOrEqual(list);
          // Never more than half a cent from the exact reduction (except the one-cent floor).
          if (unit > 1) expect(Math.abs(unit * 100 - list * (100 - percent))).toBeLessThanOrEqual(50);
          const total = unit * quantity;
          const split = splitGross(total, rate);
          expect(split.net + split.tax).toBe(total);
          // The percentage shown is the reduction actually given, rounded down.
          const shown = percentOff(list, unit) ?? 0;
          expect((list - unit) * 100).toBeGreaterThanOrEqual(shown * list);
          expect((list - unit) * 100).toBeLessThan((shown + 1) * list);
        },
      ),
    );
  });
});

describe('a coupon shared between the lines of a cart', () => {
  const line = (totalCents: number, eligible = true) => ({ totalCents, eligible });

  it('takes a percentage off each eligible line, rounded half up per line', () => {
    expect(
      couponDiscounts([line(1999), line(999, false), line(1001)], {
        kind: 'percent',
        percentOff: 15,
        amountCents: null,
      }),
    ).toEqual([300, 0, 150]);
  });

  it('shares a fixed amount in proportion, the leftover cents to the largest remainders', () => {
    expect(
      couponDiscounts([line(1000), line(1000), line(1000)], {
        kind: 'amount',
        percentOff: null,
        amountCents: 500,
      }),
    ).toEqual([167, 167, 166]);
    expect(
      couponDiscounts([line(3000), line(1000, false)], {
        kind: 'amount',
        percentOff: null,
        amountCents: 5000,
      }),
    ).toEqual([3000, 0]);
  });

  it('never brings an order under the minimum charge', () => {
    expect(couponDiscounts([line(800)], { kind: 'amount', percentOff: null, amountCents: 1000 })).toEqual([
      750,
    ]);
    expect(couponDiscounts([line(40)], { kind: 'percent', percentOff: 50, amountCents: null })).toEqual([0]);
  });

  it('adds up, for any cart and coupon, to a whole-cent discount no line exceeds and VAT splits exactly', () => {
    const rates = [...new Set(Object.values(vatRates).flatMap((list) => list.map((r) => r.basisPoints)))];
    fc.assert(
      fc.property(
        fc.array(fc.record({ totalCents: fc.integer({ min: 1, max: 500_000 }), eligible: fc.boolean() }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.oneof(
          fc.record({
            kind: fc.constant('percent' as const),
            percentOff: fc.integer({ min: 1, max: 100 }),
            amountCents: fc.constant(null),
          }),
          fc.record({
            kind: fc.constant('amount' as const),
            percentOff: fc.constant(null),
            amountCents: fc.integer({ min: 1, max: 1_000_000 }),
          }),
        ),
        fc.constantFrom(...rates),
        (lines, coupon, rate) => {
          const shares = couponDiscounts(lines, coupon);
          const basket = lines.reduce((sum, l) => sum + l.totalCents, 0);
          const total = shares.reduce((a, b) => a + b, 0);
          expect(basket - total).toBeGreaterThanOrEqual(Math.min(basket, MIN_ORDER_CENTS));
          if (coupon.kind === 'amount') expect(total).toBeLessThanOrEqual(coupon.amountCents);
          lines.forEach((l, i) => {
            const share = shares[i] ?? 0;
            expect(Number.isSafeInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(l.eligible ? l.totalCents : 0);
            const split = splitGross(l.totalCents - share, rate);
            expect(split.net + split.tax).toBe(l.totalCents - share);
          });
        },
      ),
    );
  });
});
