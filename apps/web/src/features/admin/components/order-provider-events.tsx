import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#src/features/admin/api/admin-api.ts';
import { DisputeBadge } from './orders-view.tsx';

/** Refunds and disputes the payment provider reported (refunds made there, chargebacks). */
export function ProviderEvents({ order }: { order: AdminOrderDetail }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="flex flex-col gap-4" data-testid="provider-events">
      {order.refunds.length > 0 ? (
        <section aria-labelledby="refunds-heading">
          <h3 id="refunds-heading" className="mb-2 text-sm font-semibold text-ink">
            {t('admin.refunds.refunds')}
          </h3>
          <ul className="flex flex-col gap-1 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.refundId} className="flex flex-wrap items-center gap-2">
                <strong className="tabular-nums">
                  {formatEuros(roundEurosToCents(refund.amount), locale)}
                </strong>
                <time dateTime={refund.at} className="text-ink-muted">
                  {formatDateTime(refund.at, locale)}
                </time>
                <code className="font-mono text-xs break-all text-ink-faint">{refund.refundId}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.disputes.length > 0 ? (
        <section aria-labelledby="disputes-heading">
          <h3 id="disputes-heading" className="mb-2 text-sm font-semibold text-ink">
            {t('admin.refunds.disputes')}
          </h3>
          <ul className="flex flex-col gap-2 text-sm">
            {order.disputes.map((dispute) => (
              <li key={dispute.disputeId} className="flex flex-wrap items-center gap-2">
                <DisputeBadge status={dispute.status} />
                <strong className="tabular-nums">
                  {formatEuros(roundEurosToCents(dispute.amount), locale)}
                </strong>
                <span className="text-ink-muted">
                  {t('admin.refunds.openedAt', { date: formatDateTime(dispute.openedAt, locale) })}
                  {dispute.closedAt
                    ? ` · ${t('admin.refunds.closedAt', { date: formatDateTime(dispute.closedAt, locale) })}`
                    : ''}
                </span>
                {dispute.reason ? (
                  <span className="text-ink-muted">
                    {t('admin.refunds.reason')}: <code className="font-mono text-xs">{dispute.reason}</code>
                  </span>
                ) : null}
                <code className="font-mono text-xs break-all text-ink-faint">{dispute.disputeId}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
