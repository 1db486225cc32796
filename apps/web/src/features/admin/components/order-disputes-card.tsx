import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#src/features/admin/api/admin-api.ts';
import { AdminCard } from './admin-page.tsx';
import { FactRows } from './fact-rows.tsx';
import { DisputeBadge } from './orders-view.tsx';

type Dispute = AdminOrderDetail['disputes'][number];

/** Whether the store's evidence went, failed (it is tried again until the deadline), or is still to go. */
function EvidenceState({ dispute }: { dispute: Dispute }): ReactNode {
  const { t, i18n } = useTranslation();
  if (dispute.evidenceSubmittedAt)
    return (
      <p className="flex items-start gap-2 text-sm text-ink" data-testid="dispute-evidence-sent">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {t('admin.disputes.evidenceSent', {
          date: formatDateTime(dispute.evidenceSubmittedAt, i18n.language),
        })}
      </p>
    );
  if (dispute.evidenceError)
    return (
      <div className="flex flex-col gap-1 text-sm" data-testid="dispute-evidence-failed">
        <p className="flex items-start gap-2 font-semibold text-danger">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {dispute.status === 'open'
            ? t('admin.disputes.evidenceFailed')
            : t('admin.disputes.evidenceNotSent')}
        </p>
        <code className="font-mono text-xs break-all text-ink-muted">{dispute.evidenceError}</code>
      </div>
    );
  return (
    <p className="flex items-start gap-2 text-sm text-ink-muted" data-testid="dispute-evidence-pending">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {dispute.status === 'open' ? t('admin.disputes.evidencePending') : t('admin.disputes.evidenceNotSent')}
    </p>
  );
}

/** A long text sent as evidence, folded under its name. */
function FullText({ summary, children }: { summary: string; children: ReactNode }): ReactNode {
  return (
    <details className="rounded-lg border border-line bg-raised/40 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-ink">{summary}</summary>
      <pre className="mt-2 font-mono text-xs whitespace-pre-wrap break-words text-ink-muted">{children}</pre>
    </details>
  );
}

/** What was sent: the buyer, the delivery, the invoice, and the access log and other texts in full. */
function EvidenceSummary({ evidence }: { evidence: NonNullable<Dispute['evidence']> }): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <FactRows
        layout="compact"
        rows={[
          [t('admin.disputes.customer'), `${evidence.customerName} · ${evidence.customerEmail}`],
          [t('admin.disputes.purchaseIp'), evidence.customerPurchaseIp ?? '—'],
          [t('admin.disputes.delivered'), evidence.serviceDate],
          [
            t('admin.disputes.invoice'),
            evidence.invoiceNumber
              ? evidence.receipt
                ? t('admin.disputes.receiptAttached', { number: evidence.invoiceNumber })
                : evidence.invoiceNumber
              : '—',
          ],
          [t('admin.disputes.accesses'), String(evidence.accesses)],
        ]}
      />
      <FullText summary={t('admin.disputes.accessLog')}>{evidence.accessActivityLog}</FullText>
      <FullText summary={t('admin.disputes.otherDetails')}>{evidence.uncategorizedText}</FullText>
    </div>
  );
}

/**
 * The order's disputes (chargebacks): the outcome, the provider's deadline for evidence, and the evidence
 * the store sent on its own when the dispute opened (when, and what), or why it has not gone yet.
 */
export function OrderDisputesCard({ disputes }: { disputes: AdminOrderDetail['disputes'] }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (disputes.length === 0) return null;
  return (
    <AdminCard title={t('admin.disputes.title')}>
      <ul className="flex flex-col gap-5 divide-line" data-testid="order-disputes">
        {disputes.map((dispute) => (
          <li key={dispute.disputeId} className="flex flex-col gap-3" data-testid="order-dispute">
            <div className="flex flex-wrap items-center gap-2">
              <DisputeBadge status={dispute.status} />
              <strong className="tabular-nums">
                {formatEuros(roundEurosToCents(dispute.amount), locale)}
              </strong>
              <span className="text-sm text-ink-muted">
                {t('admin.refunds.openedAt', { date: formatDateTime(dispute.openedAt, locale) })}
                {dispute.closedAt
                  ? ` · ${t('admin.refunds.closedAt', { date: formatDateTime(dispute.closedAt, locale) })}`
                  : ''}
              </span>
              <code className="font-mono text-xs break-all text-ink-faint">{dispute.disputeId}</code>
            </div>
            <FactRows
              layout="compact"
              rows={[
                [
                  t('admin.disputes.providerStatus'),
                  <code key="status" className="font-mono text-xs">
                    {dispute.providerStatus}
                  </code>,
                ],
                [t('admin.refunds.reason'), dispute.reason ?? '—'],
                [
                  t('admin.disputes.dueBy'),
                  dispute.evidenceDueBy ? formatDateTime(dispute.evidenceDueBy, locale) : '—',
                ],
                [t('admin.disputes.evidence'), <EvidenceState key="evidence" dispute={dispute} />],
              ]}
            />
            {dispute.evidence ? <EvidenceSummary evidence={dispute.evidence} /> : null}
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}
