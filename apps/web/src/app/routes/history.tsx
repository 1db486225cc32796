import { History as HistoryIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../features/auth/hooks/use-store-href.ts';

/** /History: the purchase history with keys. */
export default function HistoryRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={HistoryIcon}
      title={t('pages.history.title')}
      body={t('pages.history.body')}
      backHref={useStoreHref()}
    />
  );
}
