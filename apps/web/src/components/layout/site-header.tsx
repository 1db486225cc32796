import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { LogoMark } from '#src/components/ui/logo.tsx';
import { paths, storeHref } from '#src/config/paths.ts';
import { cn } from '#src/lib/cn.ts';
import { LanguageMenu } from './language-menu.tsx';
import { LegalMenu } from './legal-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { loggedInLinks } from './nav-items.ts';

export interface SiteHeaderProps {
  loggedIn: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-soft text-brand' : 'text-ink-muted hover:bg-raised hover:text-ink',
  );

/** The top navigation bar of every page (spec "Navigation bar"). */
export function SiteHeader({ loggedIn, onLogout, loggingOut }: SiteHeaderProps): ReactNode {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-canvas">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to={storeHref(loggedIn)}
          aria-label={t('nav.home')}
          className="mr-2 flex shrink-0 items-center gap-2.5 rounded-lg"
        >
          <LogoMark className="size-8" />
          <span className="text-lg font-bold tracking-tight text-ink max-[359px]:sr-only">Keyland</span>
        </Link>

        {loggedIn ? (
          <ul className="hidden items-center gap-1 md:flex">
            {loggedInLinks.map((link) => (
              <li key={link.key}>
                <NavLink to={link.href} className={desktopLink}>
                  {t(`nav.${link.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="ml-auto flex items-center gap-2">
          <LegalMenu />
          <LanguageMenu />
          {loggedIn ? (
            <div className="hidden md:block">
              <button
                type="button"
                onClick={onLogout}
                disabled={loggingOut}
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t('nav.logout')}
              </button>
            </div>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <NavLink to={paths.login} className={desktopLink}>
                {t('nav.login')}
              </NavLink>
              <Link to={paths.register} className={buttonClasses({ size: 'sm' })}>
                {t('nav.register')}
              </Link>
            </div>
          )}
          <MobileMenu loggedIn={loggedIn} onLogout={onLogout} loggingOut={loggingOut} />
        </div>
      </nav>
    </header>
  );
}
