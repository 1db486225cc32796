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
import { tdClasses } from './admin-table.tsx';
import { DiscountListPage, DiscountRow, WindowAndStatusCells } from './discount-list.tsx';
import { EndPromotionButton } from './end-now-button.tsx';

const nameId = (id: number) => `promotion-${id}-name`;

function PromotionRow({ promotion }: { promotion: Promotion }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const numeric = `${tdClasses} text-right tabular-nums`;
  return (
    <DiscountRow
      section="promotions"
      testId="promotion-row"
      nameId={nameId(promotion.id)}
      discount={promotion}
      to={adminPaths.promotion(promotion.id)}
      endButton={(focusAfter) => (
        <EndPromotionButton discount={promotion} size="sm" focusAfter={focusAfter} />
      )}
    >
      <td className={`${tdClasses} font-semibold tabular-nums`}>{promotionAmount(promotion, locale, t)}</td>
      <td className={`${tdClasses} text-ink-muted`}>{promotionScopeText(promotion, t)}</td>
      <WindowAndStatusCells section="promotions" discount={promotion} locale={locale}>
        {promotion.endedEarlyAt ? (
          <span className="block text-ink">
            {t('promotions.list.endedEarly', { at: formatTallinn(promotion.endedEarlyAt, locale, t) })}
          </span>
        ) : null}
      </WindowAndStatusCells>
      <td className={numeric}>{formatCount(promotion.gamesOnSale, locale)}</td>
      <td className={numeric}>{formatCount(promotion.keysSold, locale)}</td>
      <td className={numeric}>{formatEuros(roundEurosToCents(promotion.revenue), locale)}</td>
    </DiscountRow>
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

  return (
    <DiscountListPage
      section="promotions"
      query={promotions}
      actions={newLink}
      emptyAction={newLink}
      columns={[
        { label: t('promotions.list.discount') },
        { label: t('promotions.list.appliesTo') },
        { label: t('promotions.list.window') },
        { label: t('promotions.list.status') },
        { label: t('promotions.list.gamesOnSale'), numeric: true },
        { label: t('promotions.list.keysSold'), numeric: true },
        { label: t('promotions.list.revenue'), numeric: true },
      ]}
      row={(promotion) => <PromotionRow key={promotion.id} promotion={promotion} />}
    />
  );
}
