import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  firstSupportedLocale,
  isLocale,
  type Locale,
} from '@keyland/core/locales';
import i18next, { type Resource } from 'i18next';

const localesDir = path.resolve(import.meta.dirname, '../../../../packages/core/src/i18n/locales');

/** Every language file, read once at start (the same files the web app uses). */
function loadResources(): Resource {
  const resources: Resource = {};
  for (const file of readdirSync(localesDir)) {
    const locale = file.replace(/\.json$/, '');
    if (!file.endsWith('.json') || !isLocale(locale)) continue;
    resources[locale] = { translation: JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) };
  }
  return resources;
}

/**
 * The server's own i18next instance, with the web app's settings: English as the fallback, `{{name}}`
 * interpolation without HTML escaping (mail templates escape what they insert), and the plural forms
 * (`_one`, `_few`, `_other`…) of each language picked by `count`.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: loadResources(),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  // A value the caller did not give is left out, as in the web app's texts.
  missingInterpolationHandler: () => '',
});

/**
 * Translates a key of the shared translation files in the given language, falling back to English; a
 * `count` value chooses the language's plural form. An unknown key answers the key itself.
 */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return i18n.t(key, { ...values, lng: locale });
}

/** Like `translate`, but undefined when no language has the key. */
export function translateOptional(locale: Locale, key: string, values: Record<string, string | number> = {}) {
  return i18n.exists(key, { lng: locale }) ? translate(locale, key, values) : undefined;
}

/**
 * The caller's language, by the web app's rule for the browser's languages: the most preferred tag of
 * Accept-Language (q-values honoured, the header's order among equals) that the store supports, whole or
 * by its primary subtag (`de-AT` → `de`), else English.
 */
export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  return firstSupportedLocale(acceptedLanguages(acceptLanguage)) ?? DEFAULT_LOCALE;
}
