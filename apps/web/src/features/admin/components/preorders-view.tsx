import { formatDay } from '@keyland/core/dates';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PreorderObligation,
  usePreorderObligations,
} from '#src/features/admin/api/admin-preorders-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { AdminCard, AdminPageHeader, Badge, EmptyBlock } from './admin-page.tsx';
import { tdClasses } from './admin-table.tsx';
import { ListTable } from './paged-table.tsx';
import { GameLink } from './products-view.tsx';

const numeric = `${tdClasses} text-right tabular-nums`;

/** One game's row: what is owed, what is set aside, and whether its delivery day is near with keys missing. */
function ObligationRow({ item }: { item: PreorderObligation }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = item.firstDelivery ?? item.releaseDate;
  return (
    <tr data-testid="preorder-row" data-game-id={item.gameId}>
      <td className={tdClasses}>
        {/* A long title wraps, so the figures stay in view on a laptop's screen. */}
        <span className="block max-w-64 whitespace-normal break-words">
          <GameLink id={item.gameId} title={item.title} />
        </span>
        <span className="block text-xs text-ink-muted">{item.platform}</span>
      </td>
      <td className={tdClasses}>
        <span className="block tabular-nums">{formatDay(day, locale) ?? '—'}</span>
        <span className="mt-1 flex max-w-32 flex-wrap gap-1">
          <Badge tone={item.onPreorder ? 'success' : 'neutral'}>
            {item.onPreorder ? t('admin.preorders.onPreorder') : t('admin.preorders.closed')}
          </Badge>
          {item.warning ? (
            <Badge tone="warning">
              <TriangleAlert aria-hidden="true" className="mr-1 size-3" />
              {t('admin.preorders.warning')}
            </Badge>
          ) : null}
        </span>
      </td>
      <td className={numeric}>{formatCount(item.orders, locale)}</td>
      <td className={numeric}>{formatCount(item.ordered, locale)}</td>
      <td className={numeric}>{formatCount(item.reserved, locale)}</td>
      <td className={numeric}>
        <span className={item.missing > item.fromSupplier ? 'font-semibold text-danger' : undefined}>
          {formatCount(item.missing, locale)}
        </span>
        {item.fromSupplier > 0 ? (
          <span className="block text-xs text-ink-muted" data-testid="preorder-from-supplier">
            {t('admin.preorders.fromSupplier', { n: formatCount(item.fromSupplier, locale) })}
          </span>
        ) : null}
      </td>
      <td className={numeric}>{formatCount(item.available, locale)}</td>
    </tr>
  );
}

/** /admin/preorders: each game on pre-order or with pre-orders waiting, the keys owed against the keys set aside. */
export function PreordersView(): ReactNode {
  const { t } = useTranslation();
  const obligations = usePreorderObligations();
  const header = (
    <AdminPageHeader title={t('admin.preorders.nav')} description={t('admin.preorders.intro')} />
  );

  const body = (
    <ListTable
      query={obligations}
      texts={{
        loading: t('admin.preorders.loading'),
        failed: t('admin.preorders.loadFailed'),
        table: t('admin.preorders.tableLabel'),
      }}
      empty={<EmptyBlock>{t('admin.preorders.empty')}</EmptyBlock>}
      columns={[
        { label: t('admin.preorders.game') },
        { label: t('admin.preorders.delivery') },
        { label: t('admin.preorders.orders'), numeric: true },
        { label: t('admin.preorders.owed'), numeric: true },
        { label: t('admin.preorders.reserved'), numeric: true },
        { label: t('admin.preorders.missing'), numeric: true },
        { label: t('admin.preorders.available'), numeric: true },
      ]}
      row={(item) => <ObligationRow key={item.gameId} item={item} />}
    />
  );

  return (
    <>
      {header}
      <AdminCard
        bodyClassName={obligations.isSuccess && obligations.data.items.length > 0 ? 'p-0 sm:p-0' : undefined}
      >
        {body}
      </AdminCard>
    </>
  );
}
