import { describe, expect, it } from 'vitest';
import { isEmailLike } from '#src/features/auth/utils/email.ts';
import { countryOptions } from './country-options.ts';

describe('countryOptions', () => {
  it('lists the 27 countries with the spec ids and the Spanish names of the list in Spanish', () => {
    const options = countryOptions('es');
    expect(options).toHaveLength(27);
    expect(options.find((o) => o.id === 68)?.label).toBe('🇪🇸 España');
    expect(options.find((o) => o.id === 165)?.label).toBe('🇳🇱 Países Bajos');
  });

  it('names the countries in the interface language, sorted as that language sorts', () => {
    const options = countryOptions('de');
    expect(options.find((o) => o.id === 57)?.label).toBe('🇩🇪 Deutschland');
    const names = options.map((o) => o.label.slice(5));
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });
});

describe('isEmailLike', () => {
  it('accepts an address and refuses obvious mistakes', () => {
    expect(isEmailLike(' ana@example.com ')).toBe(true);
    expect(isEmailLike('ana@example')).toBe(false);
    expect(isEmailLike('ana example.com')).toBe(false);
  });
});
