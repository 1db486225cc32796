import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { CheckoutSuccessView } from '#src/features/checkout/components/checkout-success-view.tsx';

/** /checkout/success?session_id=…: the paid order and its keys. */
export default function CheckoutSuccessRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('checkout.successTitle')} />
      <CheckoutSuccessView />
    </>
  );
}
