/** The 24 interface languages; Spanish is the main language, English the default when nothing is stored. */
export const locales = [
  'es',
  'en',
  'et',
  'fr',
  'de',
  'it',
  'pl',
  'nl',
  'pt',
  'ro',
  'el',
  'cs',
  'hu',
  'fi',
  'sv',
  'bg',
  'da',
  'lt',
  'lv',
  'ga',
  'hr',
  'mt',
  'sk',
  'sl',
] as const;

export type Locale = (typeof locales)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const MAIN_LOCALE: Locale = 'es';

/** The local storage key under which the chosen language is kept. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Picks a supported language from a loose value ('es-ES', 'PT', …), else the default. */
export function toLocale(value: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  const short = value?.trim().slice(0, 2).toLowerCase();
  return isLocale(short) ? short : fallback;
}

/** Each language's own name, for the language selector. */
export const localeNames: Record<Locale, string> = {
  es: 'Español',
  en: 'English',
  et: 'Eesti',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pl: 'Polski',
  nl: 'Nederlands',
  pt: 'Português',
  ro: 'Română',
  el: 'Ελληνικά',
  cs: 'Čeština',
  hu: 'Magyar',
  fi: 'Suomi',
  sv: 'Svenska',
  bg: 'Български',
  da: 'Dansk',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  ga: 'Gaeilge',
  hr: 'Hrvatski',
  mt: 'Malti',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
};
