import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalLinks } from '../../config/paths.ts';
import { menuContentClasses, menuItemClasses, triggerClasses } from './menu-styles.ts';

/** The 'legal and info' selector: terms, policy, cookies notice, legal notice and contact. */
export function LegalMenu(): ReactNode {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={triggerClasses} aria-label={t('nav.legal')}>
        <Scale aria-hidden="true" className="size-4" />
        <span className="hidden lg:inline">{t('nav.legal')}</span>
        <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
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
