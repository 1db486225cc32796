import { ArrowLeft, CircleSlash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /checkout/cancel: the payment was cancelled; nothing was processed, back to the store. */
export default function CheckoutCancelRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('checkout.cancelledTitle')} />
      <EmptyState
        icon={CircleSlash}
        title={t('checkout.cancelledTitle')}
        body={t('checkout.cancelledBody')}
        headingLevel={1}
      >
        <Link to={useStoreHref()} className={buttonClasses()}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backToStore')}
        </Link>
      </EmptyState>
    </>
  );
}
