import { describe, expect, it } from 'vitest';
import { acceptedLanguages, firstSupportedLocale } from './locales.ts';

describe('firstSupportedLocale', () => {
  it('takes the first tag the store supports, whole or by its primary subtag', () => {
    expect(firstSupportedLocale(['de-AT', 'en'])).toBe('de');
    expect(firstSupportedLocale(['ja', 'zh-CN', 'pt-BR', 'es'])).toBe('pt');
    expect(firstSupportedLocale(['FR', 'de'])).toBe('fr');
    expect(firstSupportedLocale([' sv-SE '])).toBe('sv');
  });

  it('does not take a tag for a language it only starts like (Filipino is not Finnish)', () => {
    expect(firstSupportedLocale(['fil-PH', 'fi'])).toBe('fi');
    expect(firstSupportedLocale(['fil'])).toBeUndefined();
  });

  it('is undefined when nothing is supported', () => {
    expect(firstSupportedLocale([])).toBeUndefined();
    expect(firstSupportedLocale(['ja-JP', 'zh'])).toBeUndefined();
  });
});

describe('acceptedLanguages', () => {
  it('orders the tags by q-value, the header order among equals', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.1, de, it;q=0.5')).toEqual(['de', 'it', 'en']);
    expect(acceptedLanguages('pl;q=0.5,cs;q=0.5,sk')).toEqual(['sk', 'pl', 'cs']);
  });

  it('leaves out refused (q=0), malformed and wildcard entries', () => {
    expect(acceptedLanguages('de;q=0, es;q=0.000, it')).toEqual(['it']);
    expect(acceptedLanguages('de;q=2, es;q=abc, nl;q=0.3333, pt;Q=0.4')).toEqual(['pt']);
    expect(acceptedLanguages('*, , ;q=1')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
