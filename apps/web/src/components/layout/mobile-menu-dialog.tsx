import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { legalLinks } from '#src/config/paths.ts';
import { cn } from '#src/lib/cn.ts';
import type { MobileMenuProps } from './mobile-menu.tsx';
import { menuTriggerClasses } from './mobile-menu.tsx';
import { loggedInLinks, loggedOutLinks } from './nav-items.ts';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-12 items-center rounded-lg px-3 text-base font-medium transition-colors',
    isActive ? 'bg-brand-soft text-brand' : 'text-ink hover:bg-raised',
  );

/** The menu's dialog (Radix), loaded the first time the visitor opens it. */
export default function MobileMenuDialog({
  loggedIn,
  onLogout,
  loggingOut,
  defaultOpen = false,
}: MobileMenuProps & { defaultOpen?: boolean }): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const close = () => setOpen(false);
  const links = loggedIn ? loggedInLinks : loggedOutLinks;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={menuTriggerClasses} aria-label={t('nav.openMenu')}>
        <Menu aria-hidden="true" className="size-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col border-l border-line bg-surface p-4 shadow-2xl focus:outline-none">
          <div className="flex items-center justify-between pb-2">
            <Dialog.Title className="text-lg font-semibold text-ink">{t('nav.menu')}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink"
              aria-label={t('nav.closeMenu')}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('nav.menuDescription')}</Dialog.Description>
          <nav aria-label={t('nav.menu')} className="flex flex-1 flex-col gap-1 overflow-y-auto">
            {links.map((link) => (
              <NavLink key={link.key} to={link.href} className={linkClasses} onClick={close}>
                {t(`nav.${link.key}`)}
              </NavLink>
            ))}
            {loggedIn ? (
              <button
                type="button"
                disabled={loggingOut}
                onClick={() => {
                  close();
                  onLogout();
                }}
                className="flex min-h-12 items-center gap-2 rounded-lg px-3 text-left text-base font-medium text-ink hover:bg-raised disabled:opacity-60"
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t('nav.logout')}
              </button>
            ) : null}
            <p className="mt-6 mb-1 px-3 text-xs font-semibold tracking-wide text-ink-faint uppercase">
              {t('nav.legal')}
            </p>
            {legalLinks.map((link) => (
              <NavLink
                key={link.key}
                to={link.href}
                onClick={close}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center rounded-lg px-3 text-sm transition-colors',
                    isActive ? 'text-brand' : 'text-ink-muted hover:bg-raised hover:text-ink',
                  )
                }
              >
                {t(`legalMenu.${link.key}`)}
              </NavLink>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
