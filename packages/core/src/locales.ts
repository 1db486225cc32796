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

/**
 * The first supported language of a preference list (the browser's `navigator.languages`, or the tags of
 * Accept-Language in order of preference): each tag is matched whole, then by its primary subtag
 * (`de-AT` → `de`). Undefined when the list names no supported language.
 */
export function firstSupportedLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const whole = tag.trim().toLowerCase();
    if (isLocale(whole)) return whole;
    const primary = whole.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/**
 * The language tags of an Accept-Language header, most preferred first: ordered by q-value (1 when
 * absent), equal q-values in the header's order; tags with q=0 (not acceptable), a malformed q-value or
 * the wildcard `*` are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (tag === '' || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(param);
      if (match?.[1]) q = Number(match[1]);
      else if (/^q\s*=/i.test(param)) q = Number.NaN;
    }
    if (q > 0) ranked.push({ tag, q, at });
  });
  return ranked.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag);
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
