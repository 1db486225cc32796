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

type TextPart = 'first' | 'shop' | 'office';

/**
 * Three chunks per language file in packages/core/src/i18n/locales (split by locale-parts.ts): the texts of
 * the store's shell and catalogue pages (`first`), loaded with the first page; the other shopper's texts
 * (`shop`), loaded with any other page and with the first menu or dialog opened; and the back office's
 * (`office`), loaded only when an admin page opens. A language without a file yet loads as empty, so every
 * key falls back to English.
 */
const parts: Record<TextPart, Record<string, () => Promise<Partial<Resources>>>> = {
  first: import.meta.glob<Partial<Resources>>('../../../../packages/core/src/i18n/locales/*.json', {
    query: '?part=first',
    import: 'default',
  }),
  shop: import.meta.glob<Partial<Resources>>('../../../../packages/core/src/i18n/locales/*.json', {
    query: '?part=shop',
    import: 'default',
  }),
  office: import.meta.glob<Partial<Resources>>('../../../../packages/core/src/i18n/locales/*.json', {
    query: '?part=office',
    import: 'default',
  }),
};

async function loadPart(part: TextPart, language: string): Promise<Partial<Resources>> {
  const load = parts[part][`../../../../packages/core/src/i18n/locales/${language}.json`];
  return load ? load() : {};
}

type Texts = { [key: string]: unknown };

/** The parts' texts in one tree (a section may be split between parts: `auth.verify` comes first). */
function mergeTexts(parts: Texts[]): Texts {
  const merged: Texts = {};
  for (const texts of parts) {
    for (const [key, value] of Object.entries(texts)) {
      const earlier = merged[key];
      merged[key] =
        typeof earlier === 'object' && earlier !== null && typeof value === 'object' && value !== null
          ? mergeTexts([earlier as Texts, value as Texts])
          : value;
    }
  }
  return merged;
}

/** Every text a shopper's page may show in a language (empty for a language without a file yet). */
export async function loadShopTexts(language: string): Promise<Partial<Resources>> {
  return mergeTexts(await Promise.all([loadPart('first', language), loadPart('shop', language)]));
}

/** What the browser and the server (src/entry-server.tsx) render with: the same texts, the same fallback. */
export const i18nOptions = {
  fallbackLng: DEFAULT_LOCALE,
  load: 'currentOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
} as const;

/** The parts asked for so far (the first from the start): a language read later loads them all at once. */
const wanted = new Set<TextPart>(['first']);
/** Which part of which language is in the store already (`shop:de`). */
const added = new Set<string>();

async function addPart(part: TextPart, language: string): Promise<void> {
  const key = `${part}:${language}`;
  if (added.has(key)) return;
  const texts = await loadPart(part, language);
  i18n.addResourceBundle(language, 'translation', texts, true, false);
  added.add(key);
}

async function addWanted(part: 'shop' | 'office'): Promise<void> {
  wanted.add(part);
  const languages = new Set([i18n.language, DEFAULT_LOCALE].filter(Boolean));
  await Promise.all([...languages].map((language) => addPart(part, language)));
}

/**
 * Loads the rest of the shopper's texts (the first page has only its own) in the current language and its
 * fallback, and from then on in every language switched to. Pages other than the catalogue's, and every
 * menu or dialog, wait for it before they render.
 */
export function loadShopPart(): Promise<void> {
  return addWanted('shop');
}

/** Loads the back office's texts the same way (with the shopper's): admin pages wait for it. */
export async function loadOfficeTexts(): Promise<void> {
  await Promise.all([addWanted('shop'), addWanted('office')]);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const asked = [...wanted];
    Promise.all(asked.map((part) => loadPart(part, language))).then(
      (loaded) => {
        for (const part of asked) added.add(`${part}:${language}`);
        callback(null, mergeTexts(loaded));
      },
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
  // A language loaded earlier, before a part was asked for, gets that part now (the backend loads every
  // asked part for a language it reads for the first time).
  i18n.on('languageChanged', (next: string) => {
    for (const part of wanted) void addPart(part, next);
  });
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      lng: language,
      // Components also render again when texts are added (a part that arrives later).
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
