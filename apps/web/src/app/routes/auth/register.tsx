import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { AuthLayout, linkClasses } from '#src/features/auth/components/auth-layout.tsx';
import { RegisterForm } from '#src/features/auth/components/register-form.tsx';
import { useIsLoggedIn } from '#src/features/auth/hooks/use-is-logged-in.ts';

/** /register: creates the account, logs the customer in and goes to /store. */
export default function RegisterRoute(): ReactNode {
  const { t } = useTranslation();
  if (useIsLoggedIn()) return <Navigate to={paths.store} replace />;
  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      width="lg"
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login} className={linkClasses}>
            {t('auth.register.loginLink')}
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
