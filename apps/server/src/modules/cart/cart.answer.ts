import { activatesIn } from '@keyland/core/activation';
import { findCountry } from '@keyland/core/countries';
import type { ErrorCode } from '@keyland/core/errors';
import { centsToEuros, multiplyCents } from '@keyland/core/money';
import type { Cart } from '@keyland/core/schemas/cart';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { COVER_PLACEHOLDER } from '../catalogue/index.ts';
import {
  type CouponLine,
  type CouponOutcome,
  couponForCheckout,
  couponOfCode,
  evaluateCoupon,
} from '../coupons/index.ts';
import { preorderReleaseOf } from '../preorders/index.ts';
import { priceCart } from './cart.pricing.ts';
import { type CartLineRow, createCartRepository } from './cart.repository.ts';

/** The coupon of a cart: what it does, or why it was just taken off. */
export interface CartCouponState {
  outcome?: CouponOutcome | undefined;
  removed?: { code: string; reason: ErrorCode } | undefined;
}

const countryCodeOf = (countryId: number | null) =>
  countryId === null ? undefined : findCountry(countryId)?.code;

/** The lines as a coupon sees them: each game's total before the coupon. */
export const couponLinesOf = (rows: readonly CartLineRow[]): CouponLine[] =>
  rows.map((row) => ({
    gameId: row.id,
    platform: row.platform,
    totalCents: multiplyCents(row.priceCents, row.quantity),
  }));

/**
 * Checks the coupon applied to a draft against its lines as they now stand; one that no longer applies
 * (expired, used up, basket too small, no game it covers) is taken off the draft, and the answer says why.
 */
export async function couponOfCart(
  db: Executor,
  orderId: number,
  customerId: number,
  rows: readonly CartLineRow[],
  at: Date = new Date(),
): Promise<CartCouponState> {
  const repo = createCartRepository(db);
  const codeId = await repo.couponCodeOf(orderId);
  if (codeId === null) return {};
  const found = await couponOfCode(db, codeId);
  try {
    if (!found) throw new AppError('COUPON_NOT_FOUND', 'No coupon has this code');
    if (rows.length === 0) throw new AppError('COUPON_NOT_APPLICABLE', 'The cart is empty');
    return { outcome: await evaluateCoupon(db, found, customerId, couponLinesOf(rows), at) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await repo.setCoupon(orderId, null);
    return { removed: { code: found?.code ?? '', reason: error.code } };
  }
}

/** A pre-order line says the day it is delivered; an ordinary line says nothing of it. */
const preorderItem = (release: string | null) => (release === null ? {} : { preorder_release: release });

/** The cart answer of the spec, with the coupon's line and its share of each line. */
export function toCart(
  orderId: number | null,
  rows: CartLineRow[],
  countryId: number | null,
  coupon: CartCouponState = {},
): Cart {
  const priced = priceCart(rows, countryId, new Date(), coupon.outcome?.shares);
  const taxPercent = basisPointsToPercent(priced.vatBasisPoints);
  const at = new Date();
  return {
    order_id: orderId,
    items: priced.lines.map(({ line, unitCents, totalCents, couponCents }) => ({
      name: line.title || 'Sin nombre',
      price_unit: centsToEuros(unitCents),
      quantity: line.quantity,
      total: centsToEuros(totalCents),
      tax_percent: taxPercent,
      wcs_product_id: line.productId,
      wcs_identifier: line.identifier,
      providerId: line.providerId,
      platform: line.platform,
      cover: line.coverUrl || COVER_PLACEHOLDER,
      available: line.available,
      activation: { scope: line.activationScope, countries: line.activationCountries },
      activates_here: activatesIn(line.activationScope, line.activationCountries, countryCodeOf(countryId)),
      coupon_discount: centsToEuros(couponCents),
      ...preorderItem(preorderReleaseOf(line, at)),
    })),
    amount_untaxed: centsToEuros(priced.untaxedCents),
    amount_tax: centsToEuros(priced.taxCents),
    amount_total: centsToEuros(priced.totalCents),
    tax_percent: taxPercent,
    coupon: coupon.outcome?.view ?? null,
    coupon_removed: coupon.removed ?? null,
  };
}

/**
 * Prices the customer's cart for checkout with its coupon's shares (its use limits are decided when the
 * order is written, `claimCouponUse`). A coupon that no longer applies is taken off the cart by
 * `dropLapsedCoupon` and the reason thrown (the customer sees the new total and may go on).
 */
export async function priceForCheckout(
  tx: Executor,
  customerId: number,
  rows: readonly CartLineRow[],
  countryId: number | null,
  at: Date,
) {
  const repo = createCartRepository(tx);
  const codeId = (await repo.findDraft(customerId))?.couponCodeId ?? null;
  const coupon =
    codeId === null ? undefined : await couponForCheckout(tx, { codeId, lines: couponLinesOf(rows), at });
  return { priced: priceCart(rows, countryId, at, coupon?.shares), coupon };
}

/** After a checkout refused for its coupon: the coupon leaves the cart (outside the refused transaction). */
export async function dropLapsedCoupon(db: Executor, customerId: number, error: unknown): Promise<never> {
  if (error instanceof AppError && error.code.startsWith('COUPON_')) {
    const repo = createCartRepository(db);
    const draftId = await repo.findDraftId(customerId);
    if (draftId !== undefined) await repo.setCoupon(draftId, null);
  }
  throw error;
}
