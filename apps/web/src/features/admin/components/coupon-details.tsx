import { formatDateTime } from '@keyland/core/dates';
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
import { formatTallinn, promotionScopeText } from '#src/features/admin/utils/promotion-format.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { DetailItem, PromotionStatusBadge } from './promotion-details.tsx';

/** The games a coupon applies to, by title. */
function CouponGames({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const { games } = useCouponGames(coupon.gameIds);
  const headingId = `coupon-${coupon.id}-games`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {t('coupons.details.games', { count: games.length })}
      </h3>
      <ul className="flex flex-wrap gap-2">
        {games.map((game) => (
          <li key={game.id} className="rounded-lg border border-line bg-raised px-2.5 py-1 text-sm text-ink">
            {game.title}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A coupon that can no longer be changed (it has started), as a list of what it is and has done. */
export function CouponDetails({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const minBasket = couponMinBasket(coupon, locale, t);
  const euros = (value: number) => formatEuros(roundEurosToCents(value), locale);
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailItem label={t('coupons.list.status')}>
          <PromotionStatusBadge status={coupon.status} />
        </DetailItem>
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
        <DetailItem label={t('coupons.details.createdAt')}>
          {formatDateTime(coupon.createdAt, locale)}
        </DetailItem>
        <DetailItem label={t('coupons.details.startsAt')}>
          {formatTallinn(coupon.startsAt, locale, t)}
        </DetailItem>
        <DetailItem label={t('coupons.details.endsAt')}>{formatTallinn(coupon.endsAt, locale, t)}</DetailItem>
        <DetailItem label={t('coupons.list.uses')}>{formatCount(coupon.uses, locale)}</DetailItem>
        <DetailItem label={t('coupons.list.discountGiven')}>{euros(coupon.discountGiven)}</DetailItem>
        <DetailItem label={t('coupons.list.revenue')}>{euros(coupon.revenue)}</DetailItem>
      </dl>
      {coupon.scope === 'games' && coupon.gameIds.length > 0 ? <CouponGames coupon={coupon} /> : null}
    </div>
  );
}
