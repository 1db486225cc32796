import { MailQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';

/** /forgot-password: asks for a password reset e-mail. */
export default function ForgotPasswordRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={MailQuestion}
      title={t('pages.forgotPassword.title')}
      body={t('pages.forgotPassword.body')}
      backHref={useStoreHref()}
    />
  );
}
