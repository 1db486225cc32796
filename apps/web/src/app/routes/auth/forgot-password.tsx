import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout, BackToLogin } from '#src/features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '#src/features/auth/components/forgot-password-form.tsx';

/** /forgot-password: asks for a password reset e-mail, then goes to /login after 3 s. */
export default function ForgotPasswordRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={<BackToLogin />}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
