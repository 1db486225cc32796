import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigation } from 'react-router';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useSession } from '#src/lib/session.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

function SessionCheck(): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-[50vh] place-items-center px-4">
      <Spinner label={t('common.checkingSession')} />
    </div>
  );
}

/**
 * Pages for logged-in customers: wait for the session check, then show the page or go to /login. Above
 * the page, the reminder to confirm the e-mail address; below it, confirmations such as "registered".
 */
export function RequireSession(): ReactNode {
  const { isPending, isLoggedIn } = useSession();
  const navigation = useNavigation();
  if (isPending) return <SessionCheck />;
  // A page being left while the session ends (logging out goes to /publicstore) must not be sent to
  // /login on its way out: the navigation under way decides where the visitor lands.
  if (!isLoggedIn && navigation.state !== 'idle') return <SessionCheck />;
  if (!isLoggedIn) return <Navigate to={paths.login} replace />;
  return (
    <>
      <VerifyEmailBanner />
      <Outlet />
      <PageNotices />
    </>
  );
}

/** The admin area: anyone who is not an admin goes to /store (and a visitor from there to /login). */
export function RequireAdmin(): ReactNode {
  const { isPending, isAdmin } = useSession();
  if (isPending) return <SessionCheck />;
  if (!isAdmin) return <Navigate to={paths.store} replace />;
  return <Outlet />;
}
