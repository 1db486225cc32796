import { describe, expect, it } from 'vitest';
import { countries, countryFlag, findCountry, isCountryId } from './countries.ts';
import { DEFAULT_LOCALE, isLocale, locales, toLocale } from './locales.ts';

describe('countries', () => {
  it('lists the 27 EU countries with unique ids', () => {
    expect(countries).toHaveLength(27);
    expect(new Set(countries.map((c) => c.id)).size).toBe(27);
    expect(findCountry(64)?.code).toBe('EE');
    expect(findCountry(68)?.nameEs).toBe('España');
    expect(isCountryId(1)).toBe(false);
  });

  it('builds flags from ISO codes', () => {
    expect(countryFlag('EE')).toBe('🇪🇪');
  });
});

describe('locales', () => {
  it('has the 24 languages with pt, not po', () => {
    expect(locales).toHaveLength(24);
    expect(isLocale('pt')).toBe(true);
    expect(isLocale('po')).toBe(false);
  });

  it('normalises loose language values', () => {
    expect(toLocale('es-ES')).toBe('es');
    expect(toLocale('PT')).toBe('pt');
    expect(toLocale('xx')).toBe(DEFAULT_LOCALE);
    expect(toLocale(undefined, 'es')).toBe('es');
  });
});
