import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { CircleAlert, Clock, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderStatus } from '#src/features/admin/api/admin-api.ts';
import type { AdminClaim } from '#src/features/admin/api/admin-claims-api.ts';
import { ORDER_STATUSES } from '#src/features/admin/api/admin-orders-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { cn } from '#src/lib/cn.ts';
import { Badge, type BadgeTone } from './admin-page.tsx';
import { Fact, SubHeading } from './card-queue.tsx';
import { ClaimActions } from './claim-actions.tsx';
import { ClaimScreenshot, KeyAccessLog } from './claim-evidence.tsx';
import { OrderStatusBadge } from './orders-view.tsx';

const statusTone: Record<AdminClaim['status'], BadgeTone> = {
  open: 'warning',
  replaced: 'success',
  refunded: 'neutral',
  rejected: 'danger',
};

const isOrderStatus = (status: string): status is AdminOrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** A closed claim: what was decided, when, and what is left to do by hand. */
function ClaimOutcome({ claim }: { claim: AdminClaim }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <section data-testid="claim-outcome" className="rounded-xl border border-line bg-raised/50 p-3 text-sm">
      <SubHeading>{t('admin.claims.outcomeTitle')}</SubHeading>
      <p className="font-semibold text-ink">
        {claim.outcome
          ? t(`admin.claims.outcomes.${claim.outcome}`)
          : t(`admin.claims.status.${claim.status}`)}
      </p>
      {claim.refunded !== null ? (
        <p className="text-ink">
          {t('admin.claims.refundedAmount', {
            amount: formatEuros(roundEurosToCents(claim.refunded), locale),
          })}
        </p>
      ) : null}
      {claim.rejectReason ? (
        <p className="break-words text-ink">
          {t('admin.claims.rejectReasonShown', { reason: claim.rejectReason })}
        </p>
      ) : null}
      {claim.resolvedAt ? (
        <p className="mt-1 text-ink-muted">
          {t('admin.claims.resolvedAt', { date: formatDateTime(claim.resolvedAt, locale) })}
        </p>
      ) : null}
      {claim.supplierReport === 'listed' ? (
        <p
          data-testid="claim-supplier-report"
          className="mt-2 flex items-start gap-1.5 rounded-lg border border-amber-400/40 bg-amber-400/10 px-2.5 py-2 font-medium text-ink"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {t('admin.claims.supplierListed')}
        </p>
      ) : null}
      {claim.supplierReport === 'reported' ? (
        <p className="mt-2 text-ink-muted">{t('admin.claims.supplierReported')}</p>
      ) : null}
    </section>
  );
}

/**
 * One claim of the queue: the game, the problem in words with the customer's note and screenshot, the
 * order, the customer's record, the key's reveals and copies, the stock, the deadline (an overdue claim
 * stands out), and the decisions on an open claim or the outcome of a closed one.
 */
export function ClaimCard({ claim, focusAfter }: { claim: AdminClaim; focusAfter: () => void }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const { customer } = claim;
  const open = claim.status === 'open';

  return (
    <article
      data-testid="claim-card"
      data-claim-id={claim.id}
      data-overdue={claim.overdue || undefined}
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 overflow-hidden rounded-2xl border bg-surface',
        claim.overdue ? 'border-amber-400/70 ring-1 ring-amber-400/40' : 'border-line',
      )}
    >
      <header className="flex flex-col gap-1 border-b border-line bg-raised/50 px-4 py-3 sm:px-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={headingId} className="text-base font-semibold text-ink">
            {t('admin.claims.number', { id: claim.id })}
          </h3>
          <Badge tone={statusTone[claim.status]}>{t(`admin.claims.status.${claim.status}`)}</Badge>
          {claim.overdue ? (
            <span data-testid="claim-overdue">
              <Badge tone="danger">{t('admin.claims.overdue')}</Badge>
            </span>
          ) : null}
        </div>
        <p data-testid="claim-game" className="text-sm font-medium break-words text-ink">
          {claim.title} · <span className="text-ink-muted">{claim.platform}</span>
        </p>
      </header>

      <div className="grid grid-cols-1 gap-5 px-4 py-4 sm:px-5 lg:grid-cols-2">
        <section className="flex flex-col gap-3">
          <div>
            <SubHeading>{t('admin.claims.reasonTitle')}</SubHeading>
            <p data-testid="claim-reason" className="flex items-start gap-1.5 font-semibold text-ink">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
              {t(`admin.claims.reasons.${claim.reason}`)}
            </p>
          </div>
          {claim.note ? (
            <blockquote
              data-testid="claim-note"
              className="border-l-2 border-line-strong pl-3 text-sm whitespace-pre-line break-words text-ink"
            >
              {claim.note}
            </blockquote>
          ) : (
            <p className="text-sm text-ink-muted">{t('admin.claims.noNote')}</p>
          )}
          {claim.hasScreenshot ? (
            <ClaimScreenshot claimId={claim.id} />
          ) : (
            <p className="text-sm text-ink-muted">{t('admin.claims.noScreenshot')}</p>
          )}
        </section>

        <section>
          <SubHeading>{t('admin.claims.orderTitle')}</SubHeading>
          <dl className="flex flex-col gap-1.5 text-sm">
            <Fact label={t('admin.claims.order')}>
              <span className="inline-flex flex-wrap items-center justify-end gap-2">
                <Link
                  to={adminPaths.order(claim.orderId)}
                  className="font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  {t('admin.orders.number', { id: claim.orderId })}
                </Link>
                {isOrderStatus(claim.orderStatus) ? (
                  <OrderStatusBadge status={claim.orderStatus} />
                ) : (
                  <Badge>{claim.orderStatus}</Badge>
                )}
              </span>
            </Fact>
            <Fact label={t('admin.claims.delivered')}>{formatDateTime(claim.deliveredAt, locale)}</Fact>
            <Fact label={t('admin.claims.reported')}>{formatDateTime(claim.createdAt, locale)}</Fact>
            <Fact label={t('admin.claims.stock')}>
              <span
                data-testid="claim-stock"
                className={cn('tabular-nums', claim.available <= 0 && 'text-danger')}
              >
                {formatCount(claim.available, locale)}
              </span>
            </Fact>
            <Fact label={t('admin.claims.supplierGame')}>
              <span data-testid="claim-supplier-game">
                {claim.supplierGame ? t('admin.claims.yes') : t('admin.claims.no')}
              </span>
            </Fact>
          </dl>
        </section>

        <section>
          <SubHeading>{t('admin.claims.customerTitle')}</SubHeading>
          <dl className="flex flex-col gap-1.5 text-sm">
            <Fact label={t('admin.claims.name')}>{customer.fullName}</Fact>
            <Fact label={t('admin.claims.email')}>
              <span className="break-all">{customer.email}</span>
            </Fact>
            <Fact label={t('admin.claims.paidOrders')}>{formatCount(customer.paidOrders, locale)}</Fact>
            <Fact label={t('admin.claims.recentClaims')}>
              <span
                data-testid="claim-recent-claims"
                className={cn('tabular-nums', customer.recentClaims > 1 && 'font-semibold text-amber-300')}
              >
                {formatCount(customer.recentClaims, locale)}
              </span>
            </Fact>
          </dl>
        </section>

        <section>
          <SubHeading>{t('admin.claims.accessTitle')}</SubHeading>
          <KeyAccessLog entries={claim.keyAccess} />
        </section>

        {open ? null : (
          <div className="lg:col-span-2">
            <ClaimOutcome claim={claim} />
          </div>
        )}
      </div>

      {open ? (
        <footer className="flex flex-col gap-3 border-t border-line px-4 py-3 sm:px-5 xl:flex-row xl:items-start xl:justify-between">
          <p
            data-testid="claim-deadline"
            className={cn(
              'flex items-start gap-1.5 text-sm font-medium',
              claim.overdue ? 'text-danger' : 'text-ink',
            )}
          >
            {claim.overdue ? (
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            ) : (
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
            )}
            {claim.overdue
              ? t('admin.claims.overdueDeadline', { date: formatDateTime(claim.resolveBy, locale) })
              : t('admin.claims.deadline', { date: formatDateTime(claim.resolveBy, locale) })}
          </p>
          <ClaimActions claim={claim} focusAfter={focusAfter} />
        </footer>
      ) : null}
    </article>
  );
}
