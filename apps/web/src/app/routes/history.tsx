import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { GiftStatus } from '#src/features/gifts/components/gift-status.tsx';
import { OrderHistoryView } from '#src/features/orders/components/order-history-view.tsx';
import { preorderReleaseOf } from '#src/features/orders/components/preorder-waiting.tsx';

/** /History: the purchase history with keys, and the state of each gift (inside the logged-in routes). */
export default function HistoryRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('history.title')} />
      <OrderHistoryView
        renderGift={(order) =>
          order.gift ? (
            <GiftStatus
              orderId={order.id}
              gift={order.gift}
              preorderRelease={preorderReleaseOf(order)}
              held={order.status === 'held_for_review' || order.status === 'payment_processing'}
            />
          ) : null
        }
      />
    </>
  );
}
