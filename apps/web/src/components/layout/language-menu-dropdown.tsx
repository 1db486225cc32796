import { isLocale, localeNames, locales } from '@keyland/core/locales';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#src/hooks/use-locale.ts';
import { changeLanguage } from '#src/lib/i18n.ts';
import { HeaderDropdown } from './header-dropdown.tsx';
import { LanguageTriggerContent } from './language-menu.tsx';
import { menuItemClasses } from './menu-styles.ts';

/** The language selector's menu (Radix), loaded the first time the visitor opens it. */
export default function LanguageMenuDropdown({ defaultOpen }: { defaultOpen?: boolean }): ReactNode {
  const { t } = useTranslation();
  const current = useLocale();

  const select = (value: string) => {
    if (isLocale(value) && value !== current) void changeLanguage(value);
  };

  return (
    <HeaderDropdown
      defaultOpen={defaultOpen}
      trigger={<LanguageTriggerContent current={current} />}
      contentClassName="max-h-[min(70vh,32rem)] w-56 overflow-y-auto"
    >
      <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">
        {t('nav.language')}
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={current} onValueChange={select}>
        {locales.map((locale) => (
          <DropdownMenu.RadioItem key={locale} value={locale} lang={locale} className={menuItemClasses}>
            <span className="flex-1">{localeNames[locale]}</span>
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden="true" className="size-4 text-brand" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </HeaderDropdown>
  );
}
