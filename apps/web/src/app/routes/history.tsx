import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { OrderHistoryView } from '#src/features/orders/components/order-history-view.tsx';

/** /History: the purchase history with keys (inside the logged-in routes). */
export default function HistoryRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('history.title')} />
      <OrderHistoryView />
    </>
  );
}
