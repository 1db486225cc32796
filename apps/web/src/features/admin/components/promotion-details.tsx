import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionStatus } from '#src/features/admin/api/admin-promotions-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import {
  formatTallinn,
  promotionAmount,
  promotionScopeText,
} from '#src/features/admin/utils/promotion-format.ts';
import { Badge, type BadgeTone } from './admin-page.tsx';

const statusTones: Record<PromotionStatus, BadgeTone> = {
  scheduled: 'warning',
  active: 'success',
  ended: 'neutral',
};

/** A promotion's or a coupon's state as a chip: scheduled, active or ended. */
export function PromotionStatusBadge({ status }: { status: PromotionStatus }): ReactNode {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`promotions.status.${status}`)}</Badge>;
}

/** One fact of a read-only discount (a promotion, a coupon), inside its `<dl>`. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

/** A promotion that can no longer be changed (it has started), as a list of what it is and has done. */
export function PromotionDetails({ promotion }: { promotion: Promotion }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailItem label={t('promotions.list.status')}>
          <PromotionStatusBadge status={promotion.status} />
        </DetailItem>
        <DetailItem label={t('promotions.list.discount')}>
          <span className="font-semibold">{promotionAmount(promotion, locale, t)}</span>
        </DetailItem>
        <DetailItem label={t('promotions.list.appliesTo')}>{promotionScopeText(promotion, t)}</DetailItem>
        <DetailItem label={t('promotions.details.createdAt')}>
          {formatDateTime(promotion.createdAt, locale)}
        </DetailItem>
        <DetailItem label={t('promotions.details.startsAt')}>
          {formatTallinn(promotion.startsAt, locale, t)}
        </DetailItem>
        <DetailItem label={t('promotions.details.endsAt')}>
          {formatTallinn(promotion.endsAt, locale, t)}
        </DetailItem>
        {promotion.endedEarlyAt ? (
          <DetailItem label={t('promotions.details.endedEarlyAt')}>
            {formatTallinn(promotion.endedEarlyAt, locale, t)}
          </DetailItem>
        ) : null}
        <DetailItem label={t('promotions.list.gamesOnSale')}>
          {formatCount(promotion.gamesOnSale, locale)}
        </DetailItem>
        <DetailItem label={t('promotions.list.keysSold')}>
          {formatCount(promotion.keysSold, locale)}
        </DetailItem>
        <DetailItem label={t('promotions.list.revenue')}>
          {formatEuros(roundEurosToCents(promotion.revenue), locale)}
        </DetailItem>
      </dl>
      {promotion.scope === 'games' && promotion.gameTitles.length > 0 ? (
        <section aria-labelledby={`promotion-${promotion.id}-games`} className="flex flex-col gap-2">
          <h3 id={`promotion-${promotion.id}-games`} className="text-sm font-semibold text-ink">
            {t('promotions.details.games', { count: promotion.gameTitles.length })}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {promotion.gameTitles.map((title, index) => (
              <li
                key={promotion.gameIds[index] ?? title}
                className="rounded-lg border border-line bg-raised px-2.5 py-1 text-sm text-ink"
              >
                {title}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
