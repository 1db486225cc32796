import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { logout } from '#src/features/auth/api/logout.ts';
import { AuthLayout, BackToLogin } from '#src/features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '#src/features/auth/components/reset-password-form.tsx';
import { refreshSession } from '#src/lib/session.ts';

/**
 * /reset-password?token=…: first ends any previous session (failures only logged, spec section 7), then
 * sets a new password and goes to /login after 2 s.
 */
export default function ResetPasswordRoute(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  useEffect(() => {
    logout().then(
      () => refreshSession(queryClient, null),
      (error: unknown) => console.warn('logout before reset failed', error),
    );
  }, [queryClient]);

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={<BackToLogin />}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
