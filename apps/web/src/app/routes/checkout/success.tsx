import { PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /checkout/success?session_id=…: the paid order and its keys. */
export default function CheckoutSuccessRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={PartyPopper}
      title={t('pages.checkoutSuccess.title')}
      body={t('pages.checkoutSuccess.body')}
      backHref={useStoreHref()}
    />
  );
}
