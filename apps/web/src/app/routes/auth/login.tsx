import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /login: the login form (built with the accounts feature). */
export default function LoginRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={LogIn}
      title={t('pages.login.title')}
      body={t('pages.login.body')}
      backHref={useStoreHref()}
    />
  );
}
