import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /register: the registration form (built with the accounts feature). */
export default function RegisterRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={UserPlus}
      title={t('pages.register.title')}
      body={t('pages.register.body')}
      backHref={useStoreHref()}
    />
  );
}
