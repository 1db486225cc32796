import { countries, countryFlag } from '@keyland/core/countries';
import type { Locale } from '@keyland/core/locales';

export interface CountryOption {
  id: number;
  label: string;
}

const cache = new Map<Locale, CountryOption[]>();

/**
 * The 27 countries of the registration list with their flag and a name in the interface language: the
 * list's own Spanish names in Spanish, the browser's names (Intl.DisplayNames) otherwise, sorted as
 * that language sorts.
 */
export function countryOptions(locale: Locale): CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | undefined;
  try {
    names = locale === 'es' ? undefined : new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale);
  const options = countries
    .map((country) => ({
      id: country.id,
      name: names?.of(country.code) ?? country.nameEs,
      flag: countryFlag(country.code),
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ id, name, flag }) => ({ id, label: `${flag} ${name}` }));
  cache.set(locale, options);
  return options;
}
