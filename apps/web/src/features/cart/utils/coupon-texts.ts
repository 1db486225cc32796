import { errorCodes } from '@keyland/core/errors';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { CartCoupon } from '@keyland/core/schemas/cart';
import type { TFunction } from 'i18next';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';

/** A placeholder the server fills (a minimum basket): the code's text cannot be shown without it. */
const NEEDS_VALUES = /\{\{[^}]+\}\}/;

/**
 * Why the server took the cart's coupon off (an error code), in the interface language: the code's own
 * text (`errors.<CODE>`), or a text without the values only the server knows (the minimum basket).
 */
export function couponRemovedReason(reason: string, t: TFunction): string {
  if (!(errorCodes as readonly string[]).includes(reason)) return t('coupon.noLongerApplies');
  const key = `errors.${reason as (typeof errorCodes)[number]}` as const;
  if (!NEEDS_VALUES.test(t(key, { skipInterpolation: true }))) return t(key);
  return reason === 'COUPON_MIN_BASKET' ? t('coupon.belowMinimum') : t('coupon.noLongerApplies');
}

/** "Coupon SPRING10 was taken off your cart. This coupon has expired." */
export function couponRemovedMessage(removed: { code: string; reason: string }, t: TFunction): string {
  return t('coupon.removed', { code: removed.code, reason: couponRemovedReason(removed.reason, t) });
}

/** A refused code in words; too many wrong codes in a row says so rather than "too many attempts". */
export function couponErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.error === 'RATE_LIMITED') return t('coupon.tooManyTries');
  return getErrorMessage(error);
}

/** What the coupon takes off, as sold: "−10%" (as the language writes percentages) or "−€5.00". */
export function couponOff(coupon: CartCoupon, locale: string, t: TFunction): string {
  const value =
    coupon.kind === 'percent'
      ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
          (coupon.percentOff ?? 0) / 100,
        )
      : formatEuros(roundEurosToCents(coupon.amount ?? 0), locale);
  return t('coupon.off', { value });
}
