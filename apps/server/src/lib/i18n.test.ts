import { describe, expect, it } from 'vitest';
import { localeFromHeader } from './i18n.ts';

describe('localeFromHeader (Accept-Language)', () => {
  it('takes the most preferred supported language, by q-value rather than position', () => {
    expect(localeFromHeader('en;q=0.2, de-AT;q=0.9, fr;q=0.5')).toBe('de');
    expect(localeFromHeader('ja, it;q=0.4, es;q=0.8')).toBe('es');
    expect(localeFromHeader('pl;q=0.5, cs;q=0.5')).toBe('pl');
  });

  it('matches a regional tag by its primary subtag, and never a longer language by its first letters', () => {
    expect(localeFromHeader('pt-BR,pt;q=0.9')).toBe('pt');
    expect(localeFromHeader('fil-PH, fi;q=0.5')).toBe('fi');
    expect(localeFromHeader('fil-PH')).toBe('en');
  });

  it('skips languages the caller refuses (q=0) and falls back to English', () => {
    expect(localeFromHeader('de;q=0, it;q=0.1')).toBe('it');
    expect(localeFromHeader('de;q=0')).toBe('en');
    expect(localeFromHeader('ja-JP, *;q=0.5')).toBe('en');
    expect(localeFromHeader(undefined)).toBe('en');
    expect(localeFromHeader('')).toBe('en');
  });
});
