import { formatDateTime } from '@keyland/core/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RiskAssessment, useOrderRisk } from '#src/features/admin/api/admin-review-api.ts';
import { AdminCard, ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { RiskBadge, RiskReasons } from './risk-reasons.tsx';

function Assessment({ assessment }: { assessment: RiskAssessment }): ReactNode {
  const { t, i18n } = useTranslation();
  const signals = Object.entries(assessment.signals);
  return (
    <section
      data-testid="risk-assessment"
      data-stage={assessment.stage}
      aria-label={t(`admin.risk.stage.${assessment.stage}`)}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-raised/40 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">{t(`admin.risk.stage.${assessment.stage}`)}</h3>
        <RiskBadge tier={assessment.tier} score={assessment.score} />
      </div>
      <p className="text-xs text-ink-muted">
        <time dateTime={assessment.assessedAt}>{formatDateTime(assessment.assessedAt, i18n.language)}</time>
        {assessment.threeDSecureRequested ? ` · ${t('admin.risk.threeDSecure')}` : ''}
      </p>
      <RiskReasons reasons={assessment.reasons} />
      {signals.length > 0 ? (
        <details className="text-xs text-ink-muted">
          <summary className="cursor-pointer rounded font-medium text-ink hover:text-brand-strong">
            {t('admin.risk.signals')}
          </summary>
          <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 font-mono">
            {signals.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="break-all">{name}</dt>
                <dd className="text-right break-all text-ink">{value === null ? '—' : String(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </section>
  );
}

/** The fraud screening of an order: its assessment at checkout and at payment, reasons in words. */
export function OrderRiskCard({ orderId }: { orderId: number }): ReactNode {
  const { t } = useTranslation();
  const risk = useOrderRisk(orderId);

  let body: ReactNode;
  if (risk.isPending) body = <LoadingBlock label={t('admin.risk.loading')} />;
  else if (risk.isError) body = <ErrorBlock title={t('admin.risk.loadFailed')} query={risk} />;
  else if (risk.data.assessments.length === 0)
    body = <p className="text-sm text-ink-muted">{t('admin.risk.none')}</p>;
  else
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {risk.data.assessments.map((assessment) => (
          <Assessment key={`${assessment.stage}-${assessment.assessedAt}`} assessment={assessment} />
        ))}
      </div>
    );

  return (
    <AdminCard title={t('admin.risk.title')}>
      <div data-testid="order-risk">{body}</div>
    </AdminCard>
  );
}
