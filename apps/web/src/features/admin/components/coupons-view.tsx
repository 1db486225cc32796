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
import { formatTallinn, promotionScopeText } from '#src/features/admin/utils/promotion-format.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { AdminCard, AdminPageHeader, EmptyBlock, ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { AdminTable, tdClasses } from './admin-table.tsx';
import { EndCouponButton } from './end-coupon-button.tsx';
import { PromotionStatusBadge } from './promotion-details.tsx';

const nameId = (id: number) => `coupon-${id}-name`;

function CouponRow({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const numeric = `${tdClasses} text-right tabular-nums`;
  const minBasket = couponMinBasket(coupon, locale, t);
  return (
    <tr data-testid="coupon-row" className="hover:bg-raised/40">
      <td className={tdClasses}>
        <div className="max-w-48 whitespace-normal sm:max-w-xs">
          <Link
            id={nameId(coupon.id)}
            to={adminPaths.coupon(coupon.id)}
            className="font-medium text-ink hover:text-brand-strong hover:underline"
          >
            {coupon.name}
          </Link>
        </div>
      </td>
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
      <td className={`${tdClasses} text-ink-muted`}>
        <span className="block">{formatTallinn(coupon.startsAt, locale, t)}</span>
        <span className="block">
          {t('coupons.list.until', { end: formatTallinn(coupon.endsAt, locale, t) })}
        </span>
      </td>
      <td className={tdClasses}>
        <PromotionStatusBadge status={coupon.status} />
      </td>
      <td className={numeric}>{formatCount(coupon.uses, locale)}</td>
      <td className={numeric}>{formatEuros(roundEurosToCents(coupon.discountGiven), locale)}</td>
      <td className={numeric}>{formatEuros(roundEurosToCents(coupon.revenue), locale)}</td>
      <td className={tdClasses}>
        <div className="flex justify-end gap-2">
          {coupon.status === 'scheduled' ? (
            <Link
              to={adminPaths.coupon(coupon.id)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              aria-label={t('coupons.list.editLabel', { name: coupon.name })}
            >
              {t('coupons.list.edit')}
            </Link>
          ) : null}
          {coupon.status === 'active' ? (
            <EndCouponButton
              coupon={coupon}
              size="sm"
              focusAfter={() => document.getElementById(nameId(coupon.id))?.focus()}
            />
          ) : null}
        </div>
      </td>
    </tr>
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

  let body: ReactNode;
  if (coupons.isPending) body = <LoadingBlock label={t('coupons.list.loading')} />;
  else if (coupons.isError) body = <ErrorBlock title={t('coupons.list.loadFailed')} query={coupons} />;
  else if (coupons.data.items.length === 0)
    body = (
      <EmptyBlock action={<div className="flex flex-wrap justify-center gap-2">{actions}</div>}>
        {t('coupons.list.empty')}
      </EmptyBlock>
    );
  else
    body = (
      <AdminTable
        label={t('coupons.list.tableLabel')}
        columns={[
          { label: t('coupons.list.name') },
          { label: t('coupons.list.code') },
          { label: t('coupons.list.discount') },
          { label: t('coupons.list.limits') },
          { label: t('coupons.list.window') },
          { label: t('coupons.list.status') },
          { label: t('coupons.list.uses'), numeric: true },
          { label: t('coupons.list.discountGiven'), numeric: true },
          { label: t('coupons.list.revenue'), numeric: true },
          { label: t('coupons.list.actions'), hiddenLabel: true },
        ]}
      >
        {coupons.data.items.map((coupon) => (
          <CouponRow key={coupon.id} coupon={coupon} />
        ))}
      </AdminTable>
    );

  return (
    <>
      <AdminPageHeader title={t('coupons.title')} description={t('coupons.intro')} actions={actions} />
      <AdminCard bodyClassName="p-0 sm:p-0">{body}</AdminCard>
    </>
  );
}
