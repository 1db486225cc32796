import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /reset-password?token=…: sets a new password. */
export default function ResetPasswordRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={KeyRound}
      title={t('pages.resetPassword.title')}
      body={t('pages.resetPassword.body')}
      backHref={useStoreHref()}
    />
  );
}
