import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { ArrowRight, Euro, PackageOpen, Receipt, TrendingUp } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { useDashboard } from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { AdminCard, AdminPageHeader, Badge, EmptyBlock, ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { AdminTable, tdClasses } from './admin-table.tsx';
import { AttentionCallout } from './attention-callout.tsx';
import { HeldOrdersCallout } from './held-orders-callout.tsx';
import { OssReportCard } from './oss-report-card.tsx';
import { PreorderWarningCallout } from './preorder-warning-callout.tsx';
import { GameLink } from './products-view.tsx';
import { SalesChart } from './sales-chart.tsx';

/** Games low on keys listed before "show all". */
const LOW_STOCK_SHOWN = 8;

function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  detail: string;
  icon: typeof Euro;
  testId: string;
}): ReactNode {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <dt className="flex items-center gap-2 text-sm text-ink-muted">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand" />
        {label}
      </dt>
      <dd
        data-testid={testId}
        className="text-2xl font-bold tracking-tight break-words text-ink tabular-nums"
      >
        {value}
      </dd>
      <dd className="text-xs text-ink-faint">{detail}</dd>
    </div>
  );
}

/** /admin: sales, gross and net income, the last 30 days as a chart, best sellers, games low on keys. */
export function DashboardView(): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dashboard = useDashboard();
  const [showAllLow, setShowAllLow] = useState(false);

  const header = (
    <AdminPageHeader title={t('admin.nav.dashboard')} description={t('admin.dashboard.intro')} />
  );
  if (dashboard.isPending) {
    return (
      <>
        {header}
        <AdminCard>
          <LoadingBlock label={t('admin.dashboard.loading')} />
        </AdminCard>
      </>
    );
  }
  if (dashboard.isError) {
    return (
      <>
        {header}
        <AdminCard>
          <ErrorBlock title={t('admin.dashboard.loadFailed')} query={dashboard} />
        </AdminCard>
      </>
    );
  }

  const { totals, daily, bestSellers, lowStock, lowStockThreshold, attention } = dashboard.data;
  const recent = daily.reduce(
    (sum, day) => ({ sales: sum.sales + day.sales, gross: sum.gross + day.gross, net: sum.net + day.net }),
    { sales: 0, gross: 0, net: 0 },
  );
  const lastDays = (text: string) => t('admin.dashboard.lastDays', { days: daily.length, value: text });

  return (
    <>
      {header}
      <div className="flex flex-col gap-5">
        <AttentionCallout attention={attention} />
        <HeldOrdersCallout />
        <PreorderWarningCallout />
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <StatCard
            label={t('admin.dashboard.sales')}
            value={formatCount(totals.sales, locale)}
            detail={lastDays(formatCount(recent.sales, locale))}
            icon={Receipt}
            testId="stat-sales"
          />
          <StatCard
            label={t('admin.dashboard.gross')}
            value={formatEuros(roundEurosToCents(totals.gross), locale)}
            detail={lastDays(formatEuros(roundEurosToCents(recent.gross), locale))}
            icon={Euro}
            testId="stat-gross"
          />
          <StatCard
            label={t('admin.dashboard.net')}
            value={formatEuros(roundEurosToCents(totals.net), locale)}
            detail={t('admin.dashboard.netDetail', {
              vat: formatEuros(roundEurosToCents(totals.vat), locale),
            })}
            icon={TrendingUp}
            testId="stat-net"
          />
        </dl>

        <AdminCard title={t('admin.dashboard.chartTitle')}>
          {daily.length === 0 ? (
            <EmptyBlock>{t('admin.dashboard.noSales')}</EmptyBlock>
          ) : (
            <SalesChart daily={daily} />
          )}
        </AdminCard>

        <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
          <AdminCard title={t('admin.dashboard.bestSellers')} bodyClassName="p-0 sm:p-0">
            {bestSellers.length === 0 ? (
              <EmptyBlock>{t('admin.dashboard.noBestSellers')}</EmptyBlock>
            ) : (
              <AdminTable
                label={t('admin.dashboard.bestSellers')}
                columns={[
                  { label: t('admin.products.game') },
                  { label: t('admin.dashboard.keysSold'), numeric: true },
                  { label: t('admin.dashboard.gross'), numeric: true },
                ]}
              >
                {bestSellers.map((game) => (
                  <tr key={game.gameId}>
                    <td className={tdClasses}>
                      <GameLink id={game.gameId} title={game.title} />
                      <span className="block text-xs text-ink-muted">{game.platform}</span>
                    </td>
                    <td className={`${tdClasses} text-right tabular-nums`}>
                      {formatCount(game.keysSold, locale)}
                    </td>
                    <td className={`${tdClasses} text-right tabular-nums`}>
                      {formatEuros(roundEurosToCents(game.gross), locale)}
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </AdminCard>

          <AdminCard
            title={t('admin.dashboard.lowStock')}
            actions={
              <Badge tone="warning">{t('admin.dashboard.threshold', { count: lowStockThreshold })}</Badge>
            }
            bodyClassName="p-0 sm:p-0"
          >
            {lowStock.length === 0 ? (
              <EmptyBlock>
                <PackageOpen aria-hidden="true" className="mx-auto mb-2 size-6 text-brand" />
                {t('admin.dashboard.noLowStock')}
              </EmptyBlock>
            ) : (
              <ul className="divide-y divide-line">
                {(showAllLow ? lowStock : lowStock.slice(0, LOW_STOCK_SHOWN)).map((game) => (
                  <li key={game.gameId}>
                    <Link
                      to={adminPaths.product(game.gameId)}
                      className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-raised sm:px-5"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-ink">{game.title}</span>
                        <span className="block text-xs text-ink-muted">{game.platform}</span>
                      </span>
                      <span className="flex shrink-0 items-center gap-2">
                        <Badge tone={game.available === 0 ? 'danger' : 'warning'}>
                          {t('admin.dashboard.available', { count: game.available })}
                        </Badge>
                        <ArrowRight aria-hidden="true" className="size-4 text-ink-muted" />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {lowStock.length > LOW_STOCK_SHOWN ? (
              <div className="border-t border-line px-4 py-3 sm:px-5">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={showAllLow}
                  onClick={() => setShowAllLow((v) => !v)}
                >
                  {showAllLow
                    ? t('admin.dashboard.showFewer')
                    : t('admin.dashboard.showAll', { count: lowStock.length })}
                </Button>
              </div>
            ) : null}
          </AdminCard>
        </div>
        <OssReportCard />
      </div>
    </>
  );
}
