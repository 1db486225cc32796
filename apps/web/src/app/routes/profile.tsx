import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../features/auth/hooks/use-store-href.ts';

/** /profile: profile editing. */
export default function ProfileRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={UserRound}
      title={t('pages.profile.title')}
      body={t('pages.profile.body')}
      backHref={useStoreHref()}
    />
  );
}
