import { DEFAULT_LOCALE, isLocale, type Locale } from '@keyland/core/locales';
import { useTranslation } from 'react-i18next';

/** The interface language, for number, price and date formatting; re-renders when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
