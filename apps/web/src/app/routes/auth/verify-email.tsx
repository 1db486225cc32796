import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { VerifyEmailView } from '#src/features/auth/components/verify-email-view.tsx';

/** /verify-email?token=…: the link of the verification e-mail. */
export default function VerifyEmailRoute(): ReactNode {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <DocumentTitle title={t('auth.verify.title')} />
      <VerifyEmailView token={params.get('token')?.trim() ?? ''} />
    </>
  );
}
