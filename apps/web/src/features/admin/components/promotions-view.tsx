import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { type Promotion, usePromotions } from '#src/features/admin/api/admin-promotions-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import {
  formatTallinn,
  promotionAmount,
  promotionScopeText,
} from '#src/features/admin/utils/promotion-format.ts';
import { AdminCard, AdminPageHeader, EmptyBlock, ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { AdminTable, tdClasses } from './admin-table.tsx';
import { EndPromotionButton } from './end-promotion-button.tsx';
import { PromotionStatusBadge } from './promotion-details.tsx';

const nameId = (id: number) => `promotion-${id}-name`;

function PromotionRow({ promotion }: { promotion: Promotion }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const numeric = `${tdClasses} text-right tabular-nums`;
  return (
    <tr data-testid="promotion-row" className="hover:bg-raised/40">
      <td className={tdClasses}>
        <div className="max-w-48 whitespace-normal sm:max-w-xs">
          <Link
            id={nameId(promotion.id)}
            to={adminPaths.promotion(promotion.id)}
            className="font-medium text-ink hover:text-brand-strong hover:underline"
          >
            {promotion.name}
          </Link>
        </div>
      </td>
      <td className={`${tdClasses} font-semibold tabular-nums`}>{promotionAmount(promotion, locale, t)}</td>
      <td className={`${tdClasses} text-ink-muted`}>{promotionScopeText(promotion, t)}</td>
      <td className={`${tdClasses} text-ink-muted`}>
        <span className="block">{formatTallinn(promotion.startsAt, locale, t)}</span>
        <span className="block">
          {t('promotions.list.until', { end: formatTallinn(promotion.endsAt, locale, t) })}
        </span>
        {promotion.endedEarlyAt ? (
          <span className="block text-ink">
            {t('promotions.list.endedEarly', { at: formatTallinn(promotion.endedEarlyAt, locale, t) })}
          </span>
        ) : null}
      </td>
      <td className={tdClasses}>
        <PromotionStatusBadge status={promotion.status} />
      </td>
      <td className={numeric}>{formatCount(promotion.gamesOnSale, locale)}</td>
      <td className={numeric}>{formatCount(promotion.keysSold, locale)}</td>
      <td className={numeric}>{formatEuros(roundEurosToCents(promotion.revenue), locale)}</td>
      <td className={tdClasses}>
        <div className="flex justify-end gap-2">
          {promotion.status === 'scheduled' ? (
            <Link
              to={adminPaths.promotion(promotion.id)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              aria-label={t('promotions.list.editLabel', { name: promotion.name })}
            >
              {t('promotions.list.edit')}
            </Link>
          ) : null}
          {promotion.status === 'active' ? (
            <EndPromotionButton
              promotion={promotion}
              size="sm"
              focusAfter={() => document.getElementById(nameId(promotion.id))?.focus()}
            />
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * /admin/promotions: every sale, the newest first: what it takes off and from which games, when it runs
 * (Tallinn time), its state, and what it has sold. A sale not started yet can be changed, a running one
 * ended now.
 */
export function PromotionsView(): ReactNode {
  const { t } = useTranslation();
  const promotions = usePromotions();
  const newLink = (
    <Link to={adminPaths.newPromotion} className={buttonClasses()}>
      <Plus aria-hidden="true" className="size-4" />
      {t('promotions.new')}
    </Link>
  );

  let body: ReactNode;
  if (promotions.isPending) body = <LoadingBlock label={t('promotions.list.loading')} />;
  else if (promotions.isError)
    body = <ErrorBlock title={t('promotions.list.loadFailed')} query={promotions} />;
  else if (promotions.data.items.length === 0)
    body = <EmptyBlock action={newLink}>{t('promotions.list.empty')}</EmptyBlock>;
  else
    body = (
      <AdminTable
        label={t('promotions.list.tableLabel')}
        columns={[
          { label: t('promotions.list.name') },
          { label: t('promotions.list.discount') },
          { label: t('promotions.list.appliesTo') },
          { label: t('promotions.list.window') },
          { label: t('promotions.list.status') },
          { label: t('promotions.list.gamesOnSale'), numeric: true },
          { label: t('promotions.list.keysSold'), numeric: true },
          { label: t('promotions.list.revenue'), numeric: true },
          { label: t('promotions.list.actions'), hiddenLabel: true },
        ]}
      >
        {promotions.data.items.map((promotion) => (
          <PromotionRow key={promotion.id} promotion={promotion} />
        ))}
      </AdminTable>
    );

  return (
    <>
      <AdminPageHeader title={t('promotions.title')} description={t('promotions.intro')} actions={newLink} />
      <AdminCard bodyClassName="p-0 sm:p-0">{body}</AdminCard>
    </>
  );
}
