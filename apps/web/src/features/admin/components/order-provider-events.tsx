import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#src/features/admin/api/admin-api.ts';

/** Refunds the payment provider reported (made there, or by the store through it). Disputes have their own card. */
export function ProviderRefunds({ order }: { order: AdminOrderDetail }): ReactNode {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="provider-refunds">
      {order.refunds.map((refund) => (
        <li key={refund.refundId} className="flex flex-wrap items-center gap-2">
          <strong className="tabular-nums">{formatEuros(roundEurosToCents(refund.amount), locale)}</strong>
          <time dateTime={refund.at} className="text-ink-muted">
            {formatDateTime(refund.at, locale)}
          </time>
          <code className="font-mono text-xs break-all text-ink-faint">{refund.refundId}</code>
        </li>
      ))}
    </ul>
  );
}
