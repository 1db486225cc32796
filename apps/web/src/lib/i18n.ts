import {
  DEFAULT_LOCALE,
  firstSupportedLocale,
  isLocale,
  LANGUAGE_STORAGE_KEY,
  type Locale,
} from '@keyland/core/locales';
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
 * Two chunks per language file in packages/core/src/i18n/locales (split by vite.config.ts): the shop's
 * texts, loaded with the first page, and the back office's (admin, promotions, coupons, supplier), loaded
 * only when an admin page opens. A language without a file yet loads as empty, so every key falls back to
 * English. Without the build's split (unit tests) each part is the whole file, which works the same.
 */
const shopFiles = import.meta.glob<Resources>('../../../../packages/core/src/i18n/locales/*.json', {
  query: '?part=shop',
  import: 'default',
});
const officeFiles = import.meta.glob<Partial<Resources>>(
  '../../../../packages/core/src/i18n/locales/*.json',
  {
    query: '?part=office',
    import: 'default',
  },
);

function loaderFor(language: string): (() => Promise<Resources>) | undefined {
  return shopFiles[`../../../../packages/core/src/i18n/locales/${language}.json`];
}

/** The shop's texts of a language (empty for a language without a file yet). */
export async function loadShopTexts(language: string): Promise<Partial<Resources>> {
  const load = loaderFor(language);
  return load ? load() : {};
}

/** What the browser and the server (src/entry-server.tsx) render with: the same texts, the same fallback. */
export const i18nOptions = {
  fallbackLng: DEFAULT_LOCALE,
  load: 'currentOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
} as const;

let officeWanted = false;
const officeLoaded = new Set<string>();

async function addOfficeTexts(language: string): Promise<void> {
  if (officeLoaded.has(language)) return;
  const load = officeFiles[`../../../../packages/core/src/i18n/locales/${language}.json`];
  if (!load) return;
  const texts = await load();
  i18n.addResourceBundle(language, 'translation', texts, true, false);
  officeLoaded.add(language);
}

/**
 * Loads the back office's texts in the current language and its fallback, and from then on in every
 * language the admin switches to. Admin pages wait for it before they render.
 */
export async function loadOfficeTexts(): Promise<void> {
  officeWanted = true;
  await Promise.all([...new Set([i18n.language, DEFAULT_LOCALE])].map(addOfficeTexts));
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

function readStoredLanguage(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language the app starts in: the one the visitor chose (stored), else the first of the browser's
 * languages the store supports (`de-AT` → `de`), else English. The browser's is not stored, so the
 * visitor's later change of browser language is followed until they choose one here.
 */
export function initialLanguage(): Locale {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return readStoredLanguage() ?? firstSupportedLocale(browser.filter(Boolean)) ?? DEFAULT_LOCALE;
}

/**
 * Writing `lang` on the root, even the same value, makes the browser restyle the whole page (every
 * element's `:lang()`), a long task on a phone right after hydration: it is written only when it changes.
 */
function applyDocumentLanguage(language: string): void {
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

/**
 * Starts i18n in `language` (the initial language, see initialLanguage, unless the page was rendered by
 * the server in another); resolves once its texts are loaded.
 */
export async function initI18n(language: Locale = initialLanguage()): Promise<typeof i18n> {
  applyDocumentLanguage(language);
  i18n.on('languageChanged', applyDocumentLanguage);
  i18n.on('languageChanged', (next: string) => {
    if (officeWanted) void addOfficeTexts(next);
  });
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      lng: language,
      // Components also render again when texts are added (the back office's part arrives later).
      react: { useSuspense: false, bindI18nStore: 'added' },
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
