import { Gamepad2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../features/auth/hooks/use-store-href.ts';

/** /product?title={slug}&session={providerId}: the game detail page. */
export default function ProductRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={Gamepad2}
      title={t('pages.product.title')}
      body={t('pages.product.body')}
      backHref={useStoreHref()}
    />
  );
}
