import { ChevronDown, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '#src/components/ui/deferred.ts';
import { DeferredHeaderDropdown } from './deferred-header-dropdown.tsx';

const dropdown = deferred(() => import('./legal-menu-dropdown.tsx'));

/** What the selector's button shows. */
export function LegalTriggerContent(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <Scale aria-hidden="true" className="size-4" />
      <span className="hidden lg:inline">{t('nav.legal')}</span>
      <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
    </>
  );
}

/**
 * The 'legal and info' selector: terms, policy, cookies notice, legal notice and contact. The menu's code
 * loads on first use; until then a button of the same look stands in and opens it.
 */
export function LegalMenu(): ReactNode {
  const { t } = useTranslation();
  return (
    <DeferredHeaderDropdown menu={dropdown} label={t('nav.legal')}>
      <LegalTriggerContent />
    </DeferredHeaderDropdown>
  );
}
