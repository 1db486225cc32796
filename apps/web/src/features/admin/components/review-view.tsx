import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '#src/components/ui/notice.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import { type ApproveHeldResult, useHeldOrders } from '#src/features/admin/api/admin-review-api.ts';
import { AdminCard, AdminPageHeader, ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { DisputesTable } from './disputes-table.tsx';
import { HeldOrderCard } from './held-order-card.tsx';

/**
 * /admin/review: the paid orders the fraud screening held back, the longest waiting first, each with its
 * score, its reasons in words, the customer's history and the deadline; approve or cancel and refund.
 * The disputes the payment provider reported are listed below.
 */
export function ReviewView(): ReactNode {
  const { t, i18n } = useTranslation();
  const held = useHeldOrders();
  const queueHeading = useRef<HTMLHeadingElement>(null);
  const focusQueue = () => queueHeading.current?.focus();

  const approved = (result: ApproveHeldResult) =>
    showNotice(
      result.status === 'paid'
        ? t('admin.review.approved', { id: result.orderId, keys: result.keysDelivered })
        : t('admin.review.approvedAwaiting', { id: result.orderId }),
    );
  const rejected = (result: CancelOrderResult) =>
    showNotice(
      t('admin.review.rejected', {
        id: result.orderId,
        amount: formatEuros(roundEurosToCents(result.refunded), i18n.language),
      }),
    );

  let queue: ReactNode;
  if (held.isPending)
    queue = (
      <AdminCard>
        <LoadingBlock label={t('admin.review.loading')} />
      </AdminCard>
    );
  else if (held.isError)
    queue = (
      <AdminCard>
        <ErrorBlock title={t('admin.review.loadFailed')} query={held} />
      </AdminCard>
    );
  else if (held.data.items.length === 0)
    queue = (
      <div
        data-testid="review-empty"
        className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-10 text-center"
      >
        <ShieldCheck aria-hidden="true" className="size-8 text-brand" strokeWidth={1.75} />
        <p className="font-semibold text-ink">{t('admin.review.empty')}</p>
        <p className="max-w-md text-sm text-ink-muted">{t('admin.review.emptyBody')}</p>
      </div>
    );
  else
    queue = (
      <ul className="flex flex-col gap-4">
        {held.data.items.map((order) => (
          <li key={order.id}>
            <HeldOrderCard
              order={order}
              onApproved={approved}
              onRejected={rejected}
              focusAfter={focusQueue}
            />
          </li>
        ))}
      </ul>
    );

  const count = held.data?.items.length;
  return (
    <>
      <AdminPageHeader title={t('admin.review.title')} description={t('admin.review.intro')} />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="review-queue" className="flex flex-col gap-3">
          <h2
            id="review-queue"
            ref={queueHeading}
            tabIndex={-1}
            className="text-lg font-semibold text-ink outline-none"
          >
            {count === undefined ? t('admin.review.queue') : t('admin.review.queueCount', { number: count })}
          </h2>
          {queue}
        </section>
        <DisputesTable />
      </div>
    </>
  );
}
