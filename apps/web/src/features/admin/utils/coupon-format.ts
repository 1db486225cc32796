import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { TFunction } from 'i18next';
import type { Coupon } from '#src/features/admin/api/admin-coupons-api.ts';
import { formatCount } from './format.ts';
import { percentOffText } from './promotion-format.ts';

const euros = (value: number, locale: string) => formatEuros(roundEurosToCents(value), locale);

/** What a coupon takes off: "−10%" or "€5.00 off". */
export function couponAmount(
  coupon: Pick<Coupon, 'kind' | 'percentOff' | 'amount'>,
  locale: string,
  t: TFunction,
): string {
  if (coupon.kind === 'percent') return percentOffText(coupon.percentOff ?? 0, locale, t);
  return t('coupons.amountOff', { amount: euros(coupon.amount ?? 0, locale) });
}

/** "Min. basket €20.00", or null when any basket will do. */
export function couponMinBasket(
  coupon: Pick<Coupon, 'minBasket'>,
  locale: string,
  t: TFunction,
): string | null {
  return coupon.minBasket > 0 ? t('coupons.minBasket', { amount: euros(coupon.minBasket, locale) }) : null;
}

/** Its uses so far against its limit: "12 / 100 uses" or "12 uses, no limit". */
export function couponUses(coupon: Pick<Coupon, 'uses' | 'maxUses'>, locale: string, t: TFunction): string {
  const uses = formatCount(coupon.uses, locale);
  if (coupon.maxUses === null) return t('coupons.usesNoLimit', { uses });
  return t('coupons.uses', { uses, max: formatCount(coupon.maxUses, locale) });
}

/** The typed code, or "250 single-use codes" for a generated batch. */
export function couponCodes(coupon: Pick<Coupon, 'code' | 'codes'>, t: TFunction): string {
  return coupon.code ?? t('coupons.codes', { count: coupon.codes });
}
