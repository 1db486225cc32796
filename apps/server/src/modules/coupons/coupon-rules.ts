import { centsToEuros, formatEuros } from '@keyland/core/money';
import { couponDiscounts } from '@keyland/core/pricing';
import type { CartCoupon } from '@keyland/core/schemas/cart';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CouponRow, createCouponsRepository } from './coupons.repository.ts';

/** A cart line as a coupon sees it: its game and its total before the coupon (VAT included). */
export interface CouponLine {
  gameId: number;
  platform: string;
  totalCents: number;
}

/** What a valid coupon does to a cart: its share of each line, in the lines' order. */
export interface CouponOutcome {
  codeId: number;
  couponId: number;
  shares: number[];
  discountCents: number;
  view: CartCoupon;
}

const covers = (coupon: CouponRow, line: CouponLine) =>
  coupon.scope === 'all' ||
  (coupon.scope === 'platform' && coupon.platform === line.platform) ||
  (coupon.scope === 'games' && coupon.gameIds.includes(line.gameId));

type FoundCoupon = { coupon: CouponRow; codeId: number; code: string };

/**
 * What a coupon takes off each line of a cart at `at`, by its rule alone (window, games it covers,
 * minimum basket); refuses with the error code that says why not (COUPON_EXPIRED, COUPON_NOT_STARTED,
 * COUPON_NOT_APPLICABLE, COUPON_MIN_BASKET).
 */
function couponShares(found: FoundCoupon, lines: readonly CouponLine[], at: Date): CouponOutcome {
  const { coupon } = found;
  if (coupon.endedEarlyAt || coupon.endsAt <= at)
    throw new AppError('COUPON_EXPIRED', 'This coupon has expired');
  if (coupon.startsAt > at) throw new AppError('COUPON_NOT_STARTED', 'This coupon cannot be used yet');
  const eligible = lines.map((line) => covers(coupon, line));
  if (!eligible.some(Boolean))
    throw new AppError('COUPON_NOT_APPLICABLE', 'No game in the cart can be bought with this coupon');
  const basket = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (basket < coupon.minBasketCents)
    throw new AppError('COUPON_MIN_BASKET', 'The basket is below the coupon’s minimum', {
      values: { min: formatEuros(coupon.minBasketCents, 'en') },
    });
  const shares = couponDiscounts(
    lines.map((line, i) => ({ totalCents: line.totalCents, eligible: eligible[i] ?? false })),
    { kind: coupon.kind, percentOff: coupon.percentOff, amountCents: coupon.amountCents },
  );
  const discountCents = shares.reduce((a, b) => a + b, 0);
  return {
    codeId: found.codeId,
    couponId: coupon.id,
    shares,
    discountCents,
    view: {
      code: found.code,
      kind: coupon.kind,
      percentOff: coupon.percentOff,
      amount: coupon.amountCents === null ? null : centsToEuros(coupon.amountCents),
      discount: centsToEuros(discountCents),
      limited: coupon.scope !== 'all',
    },
  };
}

/** Refuses a coupon used up in total or by this code (COUPON_LIMIT_REACHED), or by this customer (COUPON_ALREADY_USED). */
async function checkLimits(db: Executor, found: FoundCoupon, customerId: number): Promise<void> {
  const { coupon } = found;
  const repo = createCouponsRepository(db);
  const [uses, codeUses, mine] = await Promise.all([
    coupon.maxUses === null ? 0 : repo.usesOf(coupon.id),
    coupon.singleUse ? repo.usesOfCode(found.codeId) : 0,
    repo.usesBy(coupon.id, customerId),
  ]);
  if ((coupon.maxUses !== null && uses >= coupon.maxUses) || codeUses >= 1)
    throw new AppError('COUPON_LIMIT_REACHED', 'This coupon has been used up');
  if (mine >= coupon.perCustomer)
    throw new AppError('COUPON_ALREADY_USED', 'You have already used this coupon');
}

/**
 * Checks a coupon code against a cart at `at` for a customer — its rule and its use limits — and answers
 * its share of each line, or refuses with the error code that says why not.
 */
export async function evaluateCoupon(
  db: Executor,
  found: FoundCoupon,
  customerId: number,
  lines: readonly CouponLine[],
  at: Date,
): Promise<CouponOutcome> {
  const outcome = couponShares(found, lines, at);
  await checkLimits(db, found, customerId);
  return outcome;
}

/** The coupon of a typed code, or COUPON_NOT_FOUND. */
export async function couponByCode(db: Executor, code: string) {
  const found = await createCouponsRepository(db).byCode(code);
  if (!found) throw new AppError('COUPON_NOT_FOUND', 'No coupon has this code');
  return found;
}

/** The coupon of a cart's applied code (undefined when the code is gone). */
export const couponOfCode = (db: Executor, codeId: number, lock = false) =>
  createCouponsRepository(db).byCodeId(codeId, lock);

/**
 * At checkout, what the cart's coupon takes off each line by its rule (read without a lock: the use limits
 * are decided by `claimCouponUse` when the order is written).
 */
export async function couponForCheckout(
  db: Executor,
  input: { codeId: number; lines: readonly CouponLine[]; at: Date },
): Promise<CouponOutcome> {
  const found = await couponOfCode(db, input.codeId);
  if (!found) throw new AppError('COUPON_NOT_FOUND', 'No coupon has this code');
  return couponShares(found, input.lines, input.at);
}

/**
 * Records an order's use of its coupon as the last step of the checkout's transaction: the coupon's row is
 * locked (uses of one coupon are decided one at a time, and only for the instant before the commit), the
 * limits are counted again and the use written; COUPON_LIMIT_REACHED or COUPON_ALREADY_USED refuses the
 * whole checkout.
 */
export async function claimCouponUse(
  tx: Executor,
  outcome: CouponOutcome,
  customerId: number,
  orderId: number,
): Promise<void> {
  const found = await couponOfCode(tx, outcome.codeId, true);
  if (!found) throw new AppError('COUPON_NOT_FOUND', 'No coupon has this code');
  await checkLimits(tx, found, customerId);
  await createCouponsRepository(tx).insertRedemption({
    couponId: outcome.couponId,
    codeId: outcome.codeId,
    customerId,
    orderId,
    discountCents: outcome.discountCents,
  });
}
