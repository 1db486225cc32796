import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '#src/components/ui/deferred.ts';
import { DeferredOpener } from '#src/components/ui/deferred-opener.tsx';

export interface MobileMenuProps {
  loggedIn: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

export const menuTriggerClasses =
  'inline-flex size-10 items-center justify-center rounded-lg border border-line bg-surface text-ink transition-colors hover:bg-raised md:hidden';

const dialog = deferred(() => import('./mobile-menu-dialog.tsx'));

/**
 * On small screens the page links fold into this menu; the selectors stay in the bar. The dialog's code
 * loads on first use; until then a button of the same look stands in and opens it.
 */
export function MobileMenu(props: MobileMenuProps): ReactNode {
  const { t } = useTranslation();
  return (
    <DeferredOpener
      preload={dialog.preload}
      open={() => <dialog.Component {...props} defaultOpen />}
      popup="dialog"
      className={menuTriggerClasses}
      label={t('nav.openMenu')}
    >
      <Menu aria-hidden="true" className="size-5" />
    </DeferredOpener>
  );
}
