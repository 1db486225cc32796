import { ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /checkout: the local purchase summary. */
export default function CheckoutRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={ReceiptText}
      title={t('pages.checkout.title')}
      body={t('pages.checkout.body')}
      backHref={useStoreHref()}
    />
  );
}
