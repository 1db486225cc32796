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

/** The games a read-only discount applies to, by title, under their heading. */
export function DiscountGames({
  headingId,
  heading,
  games,
}: {
  headingId: string;
  heading: string;
  /** Each game's id (its title where the id is missing) and title. */
  games: { id: number | string; title: string }[];
}): ReactNode {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {heading}
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

/**
 * A read-only discount (a promotion, a coupon): its state, its facts (`children`, DetailItems), then its
 * games (`games`). The texts are those of its translation section.
 */
export function DiscountFacts({
  section,
  status,
  games,
  children,
}: {
  section: 'promotions' | 'coupons';
  status: PromotionStatus;
  games: ReactNode;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailItem label={t(`${section}.list.status`)}>
          <PromotionStatusBadge status={status} />
        </DetailItem>
        {children}
      </dl>
      {games}
    </div>
  );
}

/** When a read-only discount was made, and when it starts and ends (Tallinn time). */
export function DiscountWindowItems({
  section,
  discount,
  locale,
}: {
  section: 'promotions' | 'coupons';
  discount: { createdAt: string; startsAt: string; endsAt: string };
  locale: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DetailItem label={t(`${section}.details.createdAt`)}>
        {formatDateTime(discount.createdAt, locale)}
      </DetailItem>
      <DetailItem label={t(`${section}.details.startsAt`)}>
        {formatTallinn(discount.startsAt, locale, t)}
      </DetailItem>
      <DetailItem label={t(`${section}.details.endsAt`)}>
        {formatTallinn(discount.endsAt, locale, t)}
      </DetailItem>
    </>
  );
}

/** A promotion that can no longer be changed (it has started), as a list of what it is and has done. */
export function PromotionDetails({ promotion }: { promotion: Promotion }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <DiscountFacts
      section="promotions"
      status={promotion.status}
      games={
        promotion.scope === 'games' && promotion.gameTitles.length > 0 ? (
          <DiscountGames
            headingId={`promotion-${promotion.id}-games`}
            heading={t('promotions.details.games', { count: promotion.gameTitles.length })}
            games={promotion.gameTitles.map((title, index) => ({
              id: promotion.gameIds[index] ?? title,
              title,
            }))}
          />
        ) : null
      }
    >
      <DetailItem label={t('promotions.list.discount')}>
        <span className="font-semibold">{promotionAmount(promotion, locale, t)}</span>
      </DetailItem>
      <DetailItem label={t('promotions.list.appliesTo')}>{promotionScopeText(promotion, t)}</DetailItem>
      <DiscountWindowItems section="promotions" discount={promotion} locale={locale} />
      {promotion.endedEarlyAt ? (
        <DetailItem label={t('promotions.details.endedEarlyAt')}>
          {formatTallinn(promotion.endedEarlyAt, locale, t)}
        </DetailItem>
      ) : null}
      <DetailItem label={t('promotions.list.gamesOnSale')}>
        {formatCount(promotion.gamesOnSale, locale)}
      </DetailItem>
      <DetailItem label={t('promotions.list.keysSold')}>{formatCount(promotion.keysSold, locale)}</DetailItem>
      <DetailItem label={t('promotions.list.revenue')}>
        {formatEuros(roundEurosToCents(promotion.revenue), locale)}
      </DetailItem>
    </DiscountFacts>
  );
}
