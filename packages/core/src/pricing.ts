import { assertCents, type Cents, divideRoundHalfUp } from './money.ts';

/**
 * Sale prices and the reference price shown beside them (docs/decisions/032-price-ledger-and-promotions.md).
 *
 * The Price Indication Directive (98/6/EC art. 6a) and the Court of Justice (C-330/23, 2024): a price shown
 * as reduced names as its reference the lowest price the game had in the 30 days before the reduction
 * started, and the percentage is computed from that same price. A reduction in steps (a deeper sale while
 * one runs) keeps the reference of its first step.
 */

/** How far back the reference price looks from the start of a reduction. */
export const PRICE_REFERENCE_DAYS = 30;
/** The window of the price history shown on a product page. */
export const PRICE_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export const promotionKinds = ['percent', 'fixed_price'] as const;
export type PromotionKind = (typeof promotionKinds)[number];
export const promotionScopes = ['games', 'platform', 'all'] as const;
export type PromotionScope = (typeof promotionScopes)[number];
/** A promotion takes at most this much off (a mistyped 100 % would give keys away). */
export const MAX_PERCENT_OFF = 90;

/**
 * The price a promotion gives a game whose regular price is `listCents`: `percent` off rounded half up to
 * the cent, or the fixed price. Never above the regular price (a "sale" that raises a price is no sale)
 * and never below one cent (a price of 0 means "not for sale").
 */
export function promotionPriceCents(
  listCents: Cents,
  promotion: { kind: PromotionKind; percentOff: number | null; fixedPriceCents: number | null },
): Cents {
  assertCents(listCents);
  const price =
    promotion.kind === 'percent'
      ? divideRoundHalfUp(listCents * (100 - (promotion.percentOff ?? 0)), 100)
      : assertCents(promotion.fixedPriceCents ?? listCents);
  return Math.max(Math.min(price, listCents), Math.min(1, listCents));
}

/**
 * The percentage off shown for `priceCents` against `referenceCents`, rounded down so that it never
 * overstates the reduction; `null` when the price is not below the reference by at least 1 %, in which
 * case the price is not shown as reduced at all.
 */
export function percentOff(referenceCents: Cents | null, priceCents: Cents): number | null {
  if (referenceCents === null || referenceCents <= 0 || priceCents >= referenceCents) return null;
  const percent = Math.floor(((referenceCents - priceCents) * 100) / referenceCents);
  return percent >= 1 ? percent : null;
}

/** One entry of a game's price ledger: the selling price from `at` on, and the promotion giving it if any. */
export interface PricePoint {
  at: Date;
  priceCents: Cents;
  promotionId: number | null;
}

/**
 * The lowest price in effect at any moment of the `PRICE_REFERENCE_DAYS` before `startedAt`: the price
 * that was in effect when the window opened (the last entry before it) and every price set inside it.
 * `null` when the ledger knows no price before `startedAt`.
 */
export function lowestPriorPrice(ledger: readonly PricePoint[], startedAt: Date): Cents | null {
  const windowStart = startedAt.getTime() - PRICE_REFERENCE_DAYS * DAY_MS;
  let atWindowStart: PricePoint | undefined;
  let lowest: number | null = null;
  for (const point of ledger) {
    const at = point.at.getTime();
    if (at >= startedAt.getTime()) continue;
    if (at <= windowStart) {
      if (!atWindowStart || at >= atWindowStart.at.getTime()) atWindowStart = point;
    } else {
      lowest = lowest === null ? point.priceCents : Math.min(lowest, point.priceCents);
    }
  }
  if (atWindowStart)
    lowest = lowest === null ? atWindowStart.priceCents : Math.min(lowest, atWindowStart.priceCents);
  return lowest;
}

/**
 * When the reduction in effect at the end of the ledger started: the first entry of the last unbroken run
 * of entries given by a promotion (steps of a progressive reduction stay one run). `null` when the last
 * entry is a regular price.
 */
export function reductionStartedAt(ledger: readonly PricePoint[]): Date | null {
  const sorted = [...ledger].sort((a, b) => a.at.getTime() - b.at.getTime());
  let started: Date | null = null;
  for (const point of sorted) {
    if (point.promotionId === null) started = null;
    else started ??= point.at;
  }
  return started;
}

/** The reference price of the reduction in effect at the end of the ledger, or `null` when none is. */
export function referencePrice(ledger: readonly PricePoint[]): Cents | null {
  const started = reductionStartedAt(ledger);
  return started ? lowestPriorPrice(ledger, started) : null;
}

export const couponKinds = ['percent', 'amount'] as const;
export type CouponKind = (typeof couponKinds)[number];
/** The smallest total an order may keep after a coupon (the card networks' minimum charge in euros). */
export const MIN_ORDER_CENTS = 50;

/**
 * A coupon's discount on each line of a cart, in whole cents (docs/decisions/032). Only `eligible` lines
 * are reduced. A percentage is taken off each eligible line's total and rounded half up to the cent; a
 * fixed amount (at most the eligible total) is shared between the eligible lines in proportion to their
 * totals, each share rounded down and the cents left over given one by one to the lines with the largest
 * remainders (the earlier line on a tie), so the shares add up to the amount exactly. The whole order
 * never falls below `MIN_ORDER_CENTS`: the discount is capped first.
 */
export function couponDiscounts(
  lines: readonly { totalCents: Cents; eligible: boolean }[],
  coupon: { kind: CouponKind; percentOff: number | null; amountCents: number | null },
): Cents[] {
  const basket = lines.reduce((sum, l) => sum + assertCents(l.totalCents), 0);
  const eligibleTotal = lines.reduce((sum, l) => sum + (l.eligible ? l.totalCents : 0), 0);
  const cap = Math.min(Math.max(0, basket - MIN_ORDER_CENTS), eligibleTotal);
  if (coupon.kind === 'percent') {
    const perLine = lines.map((l) =>
      l.eligible ? divideRoundHalfUp(l.totalCents * (coupon.percentOff ?? 0), 100) : 0,
    );
    if (perLine.reduce((a, b) => a + b, 0) <= cap) return perLine;
  }
  const amount = coupon.kind === 'percent' ? cap : Math.min(assertCents(coupon.amountCents ?? 0), cap);
  if (amount <= 0) return lines.map(() => 0);
  const exact = lines.map((l) => (l.eligible ? (l.totalCents * amount) / eligibleTotal : 0));
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .filter(({ index }) => lines[index]?.eligible)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}
