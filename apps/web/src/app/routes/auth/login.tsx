import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { AuthLayout, linkClasses } from '#src/features/auth/components/auth-layout.tsx';
import { LoginForm } from '#src/features/auth/components/login-form.tsx';
import { useIsLoggedIn } from '#src/features/auth/hooks/use-is-logged-in.ts';
import { WishFromLink } from '#src/features/wishlist/components/wish-from-link.tsx';

/** /login: e-mail and password over the green particle field; success goes to /store (or the wished game's page). */
export default function LoginRoute(): ReactNode {
  const { t } = useTranslation();
  if (useIsLoggedIn()) return <Navigate to={paths.store} replace />;
  return (
    <>
      {/* A game's heart tapped by a visitor brings its wish here: it is granted after the login. */}
      <WishFromLink />
      <AuthLayout
        title={t('auth.login.title')}
        subtitle={t('auth.login.subtitle')}
        particles
        footer={
          <>
            {t('auth.login.noAccount')}{' '}
            <Link to={paths.register} className={linkClasses}>
              {t('auth.login.registerLink')}
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthLayout>
    </>
  );
}
