import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QuantityLines } from '#src/components/ui/quantity-lines.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import type { ApproveHeldResult, HeldOrder } from '#src/features/admin/api/admin-review-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { formatAge } from '#src/features/admin/utils/format-age.ts';
import { Fact, SubHeading } from './card-queue.tsx';
import { ApproveHeldDialog, RejectHeldDialog } from './review-dialogs.tsx';
import { RiskBadge, RiskReasons } from './risk-reasons.tsx';

export interface HeldOrderCardProps {
  order: HeldOrder;
  onApproved: (result: ApproveHeldResult) => void;
  onRejected: (result: CancelOrderResult) => void;
  /** Where the focus goes after a decision on this order. */
  focusAfter: () => void;
}

/** One order of the review queue: why it was held, who bought what, the deadline and the two decisions. */
export function HeldOrderCard({ order, onApproved, onRejected, focusAfter }: HeldOrderCardProps): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const { customer } = order;

  return (
    <article
      data-testid="held-order"
      data-order-id={order.id}
      aria-labelledby={headingId}
      className="min-w-0 overflow-hidden rounded-2xl border border-line bg-surface"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line bg-raised/50 px-4 py-3 sm:px-5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={headingId} className="text-base font-semibold text-ink">
            <Link to={adminPaths.order(order.id)} className="hover:text-brand-strong hover:underline">
              {t('admin.orders.number', { id: order.id })}
            </Link>
          </h3>
          <RiskBadge tier={order.tier} score={order.score} />
        </div>
        <p className="text-base font-bold text-brand tabular-nums">
          <span className="sr-only">{t('admin.orders.total')}: </span>
          {formatEuros(roundEurosToCents(order.total), locale)}
        </p>
      </header>

      <div className="grid grid-cols-1 gap-5 px-4 py-4 sm:px-5 lg:grid-cols-2">
        <section>
          <SubHeading>{t('admin.review.reasonsTitle')}</SubHeading>
          <RiskReasons reasons={order.reasons} />
        </section>
        <section>
          <SubHeading>{t('admin.orders.customer')}</SubHeading>
          <dl className="flex flex-col gap-1.5 text-sm">
            <Fact label={t('admin.review.name')}>{customer.fullName}</Fact>
            <Fact label={t('admin.review.email')}>
              <span className="break-all">{customer.email}</span>
            </Fact>
            <Fact label={t('admin.review.accountCreated')}>
              <time dateTime={customer.createdAt} title={formatDateTime(customer.createdAt, locale)}>
                {formatAge(customer.createdAt, locale)}
              </time>
            </Fact>
            <Fact label={t('admin.review.emailVerified')}>
              {customer.emailVerified ? (
                <span className="inline-flex items-center gap-1">
                  <CircleCheck aria-hidden="true" className="size-4 text-brand" />
                  {t('admin.review.yes')}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1">
                  <CircleX aria-hidden="true" className="size-4 text-amber-300" />
                  {t('admin.review.no')}
                </span>
              )}
            </Fact>
            <Fact label={t('admin.review.paidOrders')}>{formatCount(customer.paidOrders, locale)}</Fact>
          </dl>
        </section>
        <section className="lg:col-span-2">
          <SubHeading>{t('admin.review.lines')}</SubHeading>
          <QuantityLines
            lines={order.lines}
            testId="held-order-line"
            formatQuantity={(quantity) => (
              <span className="tabular-nums">{formatCount(quantity, locale)} ×</span>
            )}
          />
        </section>
      </div>

      <footer className="flex flex-col gap-3 border-t border-line px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="flex flex-col gap-0.5 text-sm">
          <p className="text-ink-muted">
            {t('admin.review.paidAt', { date: formatDateTime(order.paidAt, locale) })}
          </p>
          <p data-testid="held-order-deadline" className="flex items-start gap-1.5 font-medium text-ink">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
            {t('admin.review.deadline', { date: formatDateTime(order.reviewBy, locale) })}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <RejectHeldDialog
            orderId={order.id}
            total={order.total}
            onDecided={onRejected}
            focusAfter={focusAfter}
          />
          <ApproveHeldDialog orderId={order.id} onDecided={onApproved} focusAfter={focusAfter} />
        </div>
      </footer>
    </article>
  );
}
