import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { SiteFooter } from '#src/components/layout/site-footer.tsx';
import { SiteHeader } from '#src/components/layout/site-header.tsx';
import { deferred } from '#src/components/ui/deferred.ts';
import { JavaScriptNote } from '#src/components/ui/javascript-note.tsx';
import { useLogout } from '#src/features/auth/api/logout.ts';
import { FloatingCart } from '#src/features/cart/components/floating-cart.tsx';
import { CookieBanner } from '#src/features/consent/components/cookie-banner.tsx';
import { useRouteFocus } from '#src/hooks/use-route-focus.ts';
import { useSession } from '#src/lib/session.ts';

const cartDialog = deferred(() => import('./cart-dialog.tsx'));

/** A thin bar at the top while the next page's code loads. */
function NavigationProgress(): ReactNode {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('nav.navigating')}
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-progress bg-brand" />
    </div>
  );
}

/**
 * The shared layout of every route: skip link, navigation bar, page, footer. After an in-app page change
 * the focus moves to the new page's heading (useRouteFocus).
 */
export function AppLayout(): ReactNode {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const logout = useLogout();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-on-brand focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <SiteHeader loggedIn={isLoggedIn} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
      <JavaScriptNote />
      <main ref={main} id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {/*
        The bottom dock: the floating cart rides above the cookie banner, whatever the banner's height,
        without measuring it.
      */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col">
        {/* Shopping has no place in the back office, where the button would cover table rows. */}
        {pathname.startsWith('/admin') ? null : <FloatingCart dialog={cartDialog} />}
        <CookieBanner />
      </div>
      <ScrollRestoration />
    </div>
  );
}
