import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisputes } from '#src/features/admin/api/admin-review-api.ts';
import { AdminCard, EmptyBlock } from './admin-page.tsx';
import { tdClasses } from './admin-table.tsx';
import { DisputeBadge, OrderLink } from './orders-view.tsx';
import { ListTable } from './paged-table.tsx';

/** The disputes (chargebacks) the payment provider reported, the newest first, each with its order. */
export function DisputesTable(): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const disputes = useDisputes();

  const body = (
    <ListTable
      query={disputes}
      texts={{
        loading: t('admin.review.disputesLoading'),
        failed: t('admin.review.disputesLoadFailed'),
        table: t('admin.refunds.disputes'),
      }}
      empty={<EmptyBlock>{t('admin.review.disputesEmpty')}</EmptyBlock>}
      columns={[
        { label: t('admin.orders.order') },
        { label: t('admin.orders.customer') },
        { label: t('admin.orders.state') },
        { label: t('admin.orders.total'), numeric: true },
        { label: t('admin.refunds.reason') },
        { label: t('admin.review.opened') },
        { label: t('admin.review.closed') },
        { label: t('admin.disputes.evidenceColumn') },
      ]}
      row={(dispute) => (
        <tr key={dispute.disputeId} data-testid="dispute-row" className="hover:bg-raised/40">
          <td className={tdClasses}>
            <OrderLink id={dispute.orderId} />
            <code className="block font-mono text-xs text-ink-faint">{dispute.disputeId}</code>
          </td>
          <td className={`${tdClasses} text-ink-muted`}>{dispute.customerEmail}</td>
          <td className={tdClasses}>
            <DisputeBadge status={dispute.status} />
            <span className="block text-xs text-ink-faint">{dispute.providerStatus}</span>
          </td>
          <td className={`${tdClasses} text-right tabular-nums`}>
            {formatEuros(roundEurosToCents(dispute.amount), locale)}
          </td>
          <td className={`${tdClasses} text-ink-muted`}>
            {dispute.reason ? <code className="font-mono text-xs">{dispute.reason}</code> : '—'}
          </td>
          <td className={`${tdClasses} text-ink-muted`}>
            <time dateTime={dispute.openedAt}>{formatDateTime(dispute.openedAt, locale)}</time>
          </td>
          <td className={`${tdClasses} text-ink-muted`}>
            {dispute.closedAt ? (
              <time dateTime={dispute.closedAt}>{formatDateTime(dispute.closedAt, locale)}</time>
            ) : (
              '—'
            )}
          </td>
          <td className={`${tdClasses} text-ink-muted`}>
            {dispute.evidenceSubmittedAt ? (
              <time dateTime={dispute.evidenceSubmittedAt}>
                {formatDateTime(dispute.evidenceSubmittedAt, locale)}
              </time>
            ) : (
              '—'
            )}
          </td>
        </tr>
      )}
    />
  );

  return (
    <AdminCard title={t('admin.refunds.disputes')}>
      <p className="mb-3 text-sm text-ink-muted">{t('admin.review.disputesIntro')}</p>
      {body}
    </AdminCard>
  );
}
