import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalLinks } from '#src/config/paths.ts';
import { LegalTriggerContent } from './legal-menu.tsx';
import { menuContentClasses, menuItemClasses, triggerClasses } from './menu-styles.ts';

/** The 'legal and info' menu (Radix), loaded the first time the visitor opens it. */
export default function LegalMenuDropdown({ defaultOpen }: { defaultOpen?: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClasses} aria-label={t('nav.legal')}>
        <LegalTriggerContent />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className={`${menuContentClasses} w-60`}
        >
          {legalLinks.map((link) => (
            <DropdownMenu.Item key={link.key} asChild className={menuItemClasses}>
              <Link to={link.href}>{t(`legalMenu.${link.key}`)}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
