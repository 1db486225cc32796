import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { CheckoutSummaryView } from '#src/features/checkout/components/checkout-summary-view.tsx';

/** /checkout: the local purchase summary. */
export default function CheckoutRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('checkout.summaryTitle')} />
      <CheckoutSummaryView />
    </>
  );
}
