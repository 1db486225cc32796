import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Coupon, useCouponGames } from '#src/features/admin/api/admin-coupons-api.ts';
import {
  couponAmount,
  couponCodes,
  couponMinBasket,
  couponUses,
} from '#src/features/admin/utils/coupon-format.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { promotionScopeText } from '#src/features/admin/utils/promotion-format.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { DetailItem, DiscountFacts, DiscountGames, DiscountWindowItems } from './promotion-details.tsx';

/** The games a coupon applies to, by title. */
function CouponGames({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const { games } = useCouponGames(coupon.gameIds);
  return (
    <DiscountGames
      headingId={`coupon-${coupon.id}-games`}
      heading={t('coupons.details.games', { count: games.length })}
      games={games}
    />
  );
}

/** A coupon that can no longer be changed (it has started), as a list of what it is and has done. */
export function CouponDetails({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const minBasket = couponMinBasket(coupon, locale, t);
  const euros = (value: number) => formatEuros(roundEurosToCents(value), locale);
  return (
    <DiscountFacts
      section="coupons"
      status={coupon.status}
      games={coupon.scope === 'games' && coupon.gameIds.length > 0 ? <CouponGames coupon={coupon} /> : null}
    >
      <DetailItem label={t('coupons.details.code')}>
        <span className={coupon.code === null ? undefined : 'font-mono'}>{couponCodes(coupon, t)}</span>
      </DetailItem>
      <DetailItem label={t('coupons.list.discount')}>
        <span className="font-semibold">{couponAmount(coupon, locale, t)}</span>
        {minBasket ? <span className="block text-ink-muted">{minBasket}</span> : null}
      </DetailItem>
      <DetailItem label={t('coupons.details.appliesTo')}>{promotionScopeText(coupon, t)}</DetailItem>
      <DetailItem label={t('coupons.list.limits')}>
        <span className="block">{couponUses(coupon, locale, t)}</span>
        <span className="block">{t('coupons.perCustomer', { count: coupon.perCustomer })}</span>
      </DetailItem>
      <DiscountWindowItems section="coupons" discount={coupon} locale={locale} />
      <DetailItem label={t('coupons.list.uses')}>{formatCount(coupon.uses, locale)}</DetailItem>
      <DetailItem label={t('coupons.list.discountGiven')}>{euros(coupon.discountGiven)}</DetailItem>
      <DetailItem label={t('coupons.list.revenue')}>{euros(coupon.revenue)}</DetailItem>
    </DiscountFacts>
  );
}
