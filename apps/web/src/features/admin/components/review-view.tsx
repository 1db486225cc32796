import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '#src/components/ui/notice.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import { type ApproveHeldResult, useHeldOrders } from '#src/features/admin/api/admin-review-api.ts';
import { AdminPageHeader } from './admin-page.tsx';
import { CardQueue, EmptyQueue, FocusHeading } from './card-queue.tsx';
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

  const queue = (
    <CardQueue
      query={held}
      loadingLabel={t('admin.review.loading')}
      failedTitle={t('admin.review.loadFailed')}
      empty={
        <EmptyQueue
          testId="review-empty"
          icon={ShieldCheck}
          title={t('admin.review.empty')}
          body={t('admin.review.emptyBody')}
        />
      }
      list={(items) => (
        <ul className="flex flex-col gap-4">
          {items.map((order) => (
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
      )}
    />
  );

  const count = held.data?.items.length;
  return (
    <>
      <AdminPageHeader title={t('admin.review.title')} description={t('admin.review.intro')} />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="review-queue" className="flex flex-col gap-3">
          <FocusHeading id="review-queue" ref={queueHeading}>
            {count === undefined ? t('admin.review.queue') : t('admin.review.queueCount', { number: count })}
          </FocusHeading>
          {queue}
        </section>
        <DisputesTable />
      </div>
    </>
  );
}
