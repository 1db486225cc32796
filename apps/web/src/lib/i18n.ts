import { DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, type Locale } from '@keyland/core/locales';
import type en from '@keyland/core/locales/en.json';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Resources = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/**
 * One chunk per language file in packages/core/src/i18n/locales. A language without a file yet loads as
 * empty, so every key falls back to English.
 */
const localeFiles = import.meta.glob<Resources>('../../../../packages/core/src/i18n/locales/*.json', {
  import: 'default',
});

function loaderFor(language: string): (() => Promise<Resources>) | undefined {
  return localeFiles[`../../../../packages/core/src/i18n/locales/${language}.json`];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = loaderFor(language);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

function readStoredLanguage(): Locale {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

/** Starts i18n with the stored language (default English); resolves once its texts are loaded. */
export async function initI18n(): Promise<typeof i18n> {
  const language = readStoredLanguage();
  applyDocumentLanguage(language);
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LOCALE,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18n;
}

/** The current interface language as one of the 24 locales. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLanguage(language: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be blocked; the choice then lasts for this visit only.
  }
  await i18n.changeLanguage(language);
}
