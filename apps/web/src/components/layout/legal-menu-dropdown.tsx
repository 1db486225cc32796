import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalLinks } from '#src/config/paths.ts';
import { HeaderDropdown } from './header-dropdown.tsx';
import { LegalTriggerContent } from './legal-menu.tsx';
import { menuItemClasses } from './menu-styles.ts';

/** The 'legal and info' menu (Radix), loaded the first time the visitor opens it. */
export default function LegalMenuDropdown({ defaultOpen }: { defaultOpen?: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <HeaderDropdown
      defaultOpen={defaultOpen}
      label={t('nav.legal')}
      trigger={<LegalTriggerContent />}
      contentClassName="w-60"
    >
      {legalLinks.map((link) => (
        <DropdownMenu.Item key={link.key} asChild className={menuItemClasses}>
          <Link to={link.href}>{t(`legalMenu.${link.key}`)}</Link>
        </DropdownMenu.Item>
      ))}
    </HeaderDropdown>
  );
}
