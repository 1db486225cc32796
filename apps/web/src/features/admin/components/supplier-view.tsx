import { formatDateTime } from '@keyland/core/dates';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import {
  type SupplierStatus,
  useStartSync,
  useSupplierStatus,
} from '#src/features/admin/api/supplier-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { AdminCard, AdminPageHeader, Badge, ErrorBlock, LoadingBlock } from './admin-page.tsx';

const statusTone = { running: 'warning', completed: 'success', failed: 'danger' } as const;

function LastRun({ status }: { status: SupplierStatus }): ReactNode {
  const { t, i18n } = useTranslation();
  const run = status.lastRun;
  if (!run) return <p className="text-sm text-ink-muted">{t('supplier.never')}</p>;
  const counts = [
    ['pages', run.pages],
    ['seen', run.seen],
    ['created', run.created],
    ['updated', run.updated],
    ['unchanged', run.unchanged],
    ['delisted', run.delisted],
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        <Badge tone={statusTone[run.status]}>{t(`supplier.runStatus.${run.status}`)}</Badge>
        <span>{t(`supplier.trigger.${run.trigger}`)}</span>
        <span aria-hidden="true">·</span>
        <span>
          {t('supplier.startedAt')} {formatDateTime(run.startedAt, i18n.language)}
        </span>
        {run.finishedAt ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {t('supplier.finishedAt')} {formatDateTime(run.finishedAt, i18n.language)}
            </span>
          </>
        ) : null}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-2xl border border-line bg-surface px-4 py-3">
            <dt className="text-xs text-ink-muted">{t(`supplier.counts.${key}`)}</dt>
            <dd data-testid={`sync-${key}`} className="text-2xl font-bold text-ink tabular-nums">
              {formatCount(value, i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
      {run.error ? (
        <InlineError>
          {t('supplier.runError')} {run.error}
        </InlineError>
      ) : null}
    </div>
  );
}

/** /admin/supplier: the key supplier in use, its last sync, and a sync on demand. */
export function SupplierView(): ReactNode {
  const { t, i18n } = useTranslation();
  const status = useSupplierStatus();
  const start = useStartSync();

  const header = (actions?: ReactNode) => (
    <AdminPageHeader title={t('supplier.title')} description={t('supplier.description')} actions={actions} />
  );
  if (status.isPending)
    return (
      <>
        {header()}
        <AdminCard>
          <LoadingBlock label={t('supplier.loading')} />
        </AdminCard>
      </>
    );
  if (status.isError)
    return (
      <>
        {header()}
        <AdminCard bodyClassName="p-0 sm:p-0">
          <ErrorBlock title={t('supplier.loadError')} query={status} />
        </AdminCard>
      </>
    );

  const data = status.data;
  const syncButton = data.canSync ? (
    <Button
      disabled={data.running || start.isPending}
      onClick={() => start.mutate(undefined, { onSuccess: () => showNotice(t('supplier.started')) })}
    >
      <RefreshCw aria-hidden="true" className={data.running ? 'size-4 animate-spin' : 'size-4'} />
      {data.running ? t('supplier.syncing') : t('supplier.syncNow')}
    </Button>
  ) : null;

  return (
    <>
      {header(syncButton)}
      <div className="flex flex-col gap-5">
        {start.isError ? <InlineError error={start.error} /> : null}
        <AdminCard title={t(`supplier.kinds.${data.supplier}`)}>
          <div className="flex flex-col gap-2 text-sm text-ink-muted">
            {data.canSync ? (
              <p>
                {data.syncIntervalSeconds > 0
                  ? t('supplier.schedule', { minutes: Math.round(data.syncIntervalSeconds / 60) })
                  : t('supplier.scheduleOff')}
              </p>
            ) : (
              <p>{t('supplier.embeddedNote')}</p>
            )}
            <p>
              {t('supplier.awaiting')}{' '}
              <strong data-testid="awaiting-orders" className="text-ink tabular-nums">
                {formatCount(data.awaitingOrders, i18n.language)}
              </strong>
            </p>
          </div>
        </AdminCard>
        {data.canSync ? (
          <AdminCard title={t('supplier.lastRun')}>
            <div aria-live="polite">
              <LastRun status={data} />
            </div>
          </AdminCard>
        ) : null}
      </div>
    </>
  );
}
