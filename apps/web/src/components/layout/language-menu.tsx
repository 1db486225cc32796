import { type Locale, localeNames } from '@keyland/core/locales';
import { ChevronDown, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '#src/components/ui/deferred.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { DeferredHeaderDropdown } from './deferred-header-dropdown.tsx';

const dropdown = deferred(() => import('./language-menu-dropdown.tsx'));

/**
 * What the selector's button shows, the current language (its code on phones, its name on wider
 * screens), and its accessible name, which starts with exactly that visible text (WCAG 2.5.3, label in
 * name: a speech-input user says what they see): "ES (Español) – Choose another language" on a phone,
 * "Español – Choose another language" on a wider screen. The rest of the name is visually hidden; its
 * separators read the same whether or not the browser adds a space around a hidden part.
 */
export function LanguageTriggerContent({ current }: { current: Locale }): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <Globe aria-hidden="true" className="size-4" />
      <span className="sm:hidden">{current.toUpperCase()}</span>
      <span className="sr-only sm:hidden" lang={current}>
        {` (${localeNames[current]})`}
      </span>
      <span className="hidden sm:inline" lang={current}>
        {localeNames[current]}
      </span>
      <span className="sr-only">{` – ${t('nav.chooseLanguage')}`}</span>
      <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
    </>
  );
}

/**
 * The language selector: the 24 languages, each by its own name; the choice is remembered. The menu's
 * code loads on first use; until then a button of the same look stands in and opens it.
 */
export function LanguageMenu(): ReactNode {
  const current = useLocale();
  return (
    <DeferredHeaderDropdown menu={dropdown}>
      <LanguageTriggerContent current={current} />
    </DeferredHeaderDropdown>
  );
}
