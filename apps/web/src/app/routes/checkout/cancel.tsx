import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { CheckoutCancelView } from '#src/features/checkout/components/checkout-cancel-view.tsx';

/** /checkout/cancel: the payment was cancelled; nothing was processed, back to the store. */
export default function CheckoutCancelRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('checkout.cancelledTitle')} />
      <CheckoutCancelView />
    </>
  );
}
