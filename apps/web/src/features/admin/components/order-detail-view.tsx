import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { CheckCircle2, FileX2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import { useAdminOrder } from '#src/features/admin/api/admin-orders-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { AdminCard, AdminPageHeader, BackLink, Badge } from './admin-page.tsx';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { FactRows } from './fact-rows.tsx';
import { OrderDisputesCard } from './order-disputes-card.tsx';
import { OrderLines } from './order-lines.tsx';
import { ProviderRefunds } from './order-provider-events.tsx';
import { OrderRiskCard } from './order-risk-card.tsx';
import { OrderStatusBadge } from './orders-view.tsx';
import { isNotFound, LoadStateCard, NotFoundPage } from './page-states.tsx';

function CancelResult({ result }: { result: CancelOrderResult }): ReactNode {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="status"
      data-testid="cancel-result"
      className="flex flex-col gap-2 rounded-2xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink"
    >
      <p className="flex items-start gap-2 font-semibold">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {t('admin.cancel.done', { id: result.orderId })}
      </p>
      <ul className="list-disc space-y-1 pl-9 text-ink-muted">
        <li>
          {t('admin.cancel.refunded', {
            amount: formatEuros(roundEurosToCents(result.refunded), i18n.language),
            refundId: result.refundId,
          })}
        </li>
        <li>{t('admin.cancel.keysRevoked', { count: result.keysRevoked })}</li>
        {result.keysAlreadyDelivered > 0 ? (
          <li>{t('admin.cancel.keysDelivered', { count: result.keysAlreadyDelivered })}</li>
        ) : null}
        <li>{result.mailQueued ? t('admin.cancel.mailQueued') : t('admin.cancel.mailNotQueued')}</li>
      </ul>
    </div>
  );
}

/** /admin/orders/:id: lines and keys, customer, consent record, payment reference, fraud cancellation. */
export function OrderDetailView({ id }: { id: number }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const order = useAdminOrder(id);
  const [result, setResult] = useState<CancelOrderResult | null>(null);
  const back = <BackLink to={adminPaths.orders}>{t('admin.orders.backToList')}</BackLink>;
  const title = t('admin.orders.number', { id });

  if (order.isPending || order.isError) {
    if (isNotFound(order.error))
      return (
        <NotFoundPage
          icon={FileX2}
          title={t('admin.orders.notFound', { id })}
          body={t('admin.orders.notFoundBody')}
          listPath={adminPaths.orders}
          backLabel={t('admin.orders.backToList')}
        />
      );
    return (
      <>
        <AdminPageHeader title={title} back={back} />
        <LoadStateCard
          query={order}
          loadingLabel={t('admin.orders.loadingOne')}
          failedTitle={t('admin.orders.loadFailedOne')}
        />
      </>
    );
  }

  const data = order.data;
  const dash = <span className="text-ink-faint">—</span>;
  return (
    <>
      <AdminPageHeader
        title={title}
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="admin-order-status">
              <OrderStatusBadge status={data.status} />
            </span>
            <span>{formatDateTime(data.createdAt, locale)}</span>
          </span>
        }
        actions={
          data.status === 'paid' ? (
            <CancelOrderDialog orderId={data.id} total={data.total} onCancelled={setResult} />
          ) : data.status === 'held_for_review' ? (
            <Link to={adminPaths.review} className={buttonClasses()}>
              {t('admin.review.decide')}
            </Link>
          ) : null
        }
      />
      <div className="flex flex-col gap-5">
        {result ? <CancelResult result={result} /> : null}
        <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
          <AdminCard title={t('admin.orders.summary')}>
            <FactRows
              layout="page"
              rows={[
                [
                  t('admin.orders.customer'),
                  <span key="customer" className="flex flex-wrap items-center gap-2">
                    <span>
                      {data.customer.fullName} · {data.customer.email}
                    </span>
                    {data.customer.suspended ? (
                      <Badge tone="danger">{t('admin.customers.suspended')}</Badge>
                    ) : null}
                  </span>,
                ],
                [t('admin.orders.created'), formatDateTime(data.createdAt, locale)],
                [t('admin.orders.paid'), data.paidAt ? formatDateTime(data.paidAt, locale) : dash],
                [t('admin.orders.untaxed'), formatEuros(roundEurosToCents(data.untaxed), locale)],
                [
                  t('admin.orders.vat', { percent: data.taxPercent }),
                  formatEuros(roundEurosToCents(data.tax), locale),
                ],
                [
                  t('admin.orders.total'),
                  <strong key="total" className="text-brand tabular-nums">
                    {formatEuros(roundEurosToCents(data.total), locale)}
                  </strong>,
                ],
              ]}
            />
          </AdminCard>
          <AdminCard title={t('admin.orders.payment')}>
            <FactRows
              layout="page"
              rows={[
                [t('admin.orders.provider'), data.payment.provider ?? dash],
                [
                  t('admin.orders.paymentReference'),
                  data.payment.sessionId ? (
                    <code key="session" className="font-mono text-xs break-all">
                      {data.payment.sessionId}
                    </code>
                  ) : (
                    dash
                  ),
                ],
                ...(data.cancellation
                  ? ([
                      [t('admin.orders.cancelledAt'), formatDateTime(data.cancellation.at, locale)],
                      [t('admin.orders.cancelReason'), data.cancellation.reason],
                      [
                        t('admin.orders.refund'),
                        <span key="refund">
                          {formatEuros(roundEurosToCents(data.cancellation.refunded), locale)} ·{' '}
                          <code className="font-mono text-xs break-all">{data.cancellation.refundId}</code>
                        </span>,
                      ],
                      [t('admin.orders.keysRevoked'), formatCount(data.cancellation.keysRevoked, locale)],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          </AdminCard>
        </div>
        <OrderRiskCard orderId={data.id} />
        {data.refunds.length > 0 ? (
          <AdminCard title={t('admin.refunds.refunds')}>
            <ProviderRefunds order={data} />
          </AdminCard>
        ) : null}
        <OrderDisputesCard disputes={data.disputes} />
        <AdminCard title={t('admin.orders.lines')} bodyClassName="p-0 sm:p-0">
          <OrderLines order={data} />
        </AdminCard>
        <AdminCard title={t('admin.orders.consent')}>
          {data.consent ? (
            <div className="flex flex-col gap-4">
              <blockquote className="rounded-lg border-l-4 border-brand/60 bg-raised px-4 py-3 text-sm leading-relaxed text-ink">
                {data.consent.text}
              </blockquote>
              <FactRows
                layout="page"
                rows={[
                  [t('admin.orders.consentRecorded'), formatDateTime(data.consent.recordedAt, locale)],
                  [t('admin.orders.consentClientTime'), formatDateTime(data.consent.clientTimestamp, locale)],
                  [t('admin.orders.consentIp'), data.consent.ip ?? dash],
                  [t('admin.orders.termsVersion'), data.consent.termsVersion],
                  [
                    t('admin.orders.userAgent'),
                    data.consent.userAgent ? (
                      <span key="ua" className="text-xs break-all text-ink-muted">
                        {data.consent.userAgent}
                      </span>
                    ) : (
                      dash
                    ),
                  ],
                ]}
              />
            </div>
          ) : (
            <p className="text-sm text-ink-muted">{t('admin.orders.noConsent')}</p>
          )}
        </AdminCard>
      </div>
    </>
  );
}
