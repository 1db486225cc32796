import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Plus, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { type Coupon, useCoupons } from '#src/features/admin/api/admin-coupons-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import {
  couponAmount,
  couponCodes,
  couponMinBasket,
  couponUses,
} from '#src/features/admin/utils/coupon-format.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { promotionScopeText } from '#src/features/admin/utils/promotion-format.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { tdClasses } from './admin-table.tsx';
import { DiscountListPage, DiscountRow, WindowAndStatusCells } from './discount-list.tsx';
import { EndCouponButton } from './end-now-button.tsx';

const nameId = (id: number) => `coupon-${id}-name`;

function CouponRow({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const numeric = `${tdClasses} text-right tabular-nums`;
  const minBasket = couponMinBasket(coupon, locale, t);
  return (
    <DiscountRow
      section="coupons"
      testId="coupon-row"
      nameId={nameId(coupon.id)}
      discount={coupon}
      to={adminPaths.coupon(coupon.id)}
      endButton={(focusAfter) => <EndCouponButton discount={coupon} size="sm" focusAfter={focusAfter} />}
    >
      <td className={coupon.code === null ? `${tdClasses} text-ink-muted` : `${tdClasses} font-mono`}>
        {couponCodes(coupon, t)}
      </td>
      <td className={tdClasses}>
        <span className="block font-semibold tabular-nums">{couponAmount(coupon, locale, t)}</span>
        {minBasket ? <span className="block text-ink-muted">{minBasket}</span> : null}
        <span className="block text-ink-muted">{promotionScopeText(coupon, t)}</span>
      </td>
      <td className={`${tdClasses} text-ink-muted`}>
        <span className="block">{couponUses(coupon, locale, t)}</span>
        <span className="block">{t('coupons.perCustomer', { count: coupon.perCustomer })}</span>
      </td>
      <WindowAndStatusCells section="coupons" discount={coupon} locale={locale} />
      <td className={numeric}>{formatCount(coupon.uses, locale)}</td>
      <td className={numeric}>{formatEuros(roundEurosToCents(coupon.discountGiven), locale)}</td>
      <td className={numeric}>{formatEuros(roundEurosToCents(coupon.revenue), locale)}</td>
    </DiscountRow>
  );
}

/**
 * /admin/coupons: every coupon, the newest first: its code (or how many single-use codes), what it takes
 * off and from which games, its limits, when it can be used (Tallinn time), its state and what it has
 * brought. A coupon not started yet can be changed, one in use ended now.
 */
export function CouponsView(): ReactNode {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const actions = (
    <>
      <Link to={adminPaths.newCoupon} className={buttonClasses()}>
        <Plus aria-hidden="true" className="size-4" />
        {t('coupons.new')}
      </Link>
      <Link to={adminPaths.generateCoupons} className={buttonClasses({ variant: 'secondary' })}>
        <Sparkles aria-hidden="true" className="size-4" />
        {t('coupons.generate')}
      </Link>
    </>
  );

  return (
    <DiscountListPage
      section="coupons"
      query={coupons}
      actions={actions}
      emptyAction={<div className="flex flex-wrap justify-center gap-2">{actions}</div>}
      columns={[
        { label: t('coupons.list.code') },
        { label: t('coupons.list.discount') },
        { label: t('coupons.list.limits') },
        { label: t('coupons.list.window') },
        { label: t('coupons.list.status') },
        { label: t('coupons.list.uses'), numeric: true },
        { label: t('coupons.list.discountGiven'), numeric: true },
        { label: t('coupons.list.revenue'), numeric: true },
      ]}
      row={(coupon) => <CouponRow key={coupon.id} coupon={coupon} />}
    />
  );
}
