import { describe, expect, it } from 'vitest';
import { activatesIn, activationOfRegions, countryNames } from './activation.ts';

describe('activation scope', () => {
  it('reads worldwide, country lists and everything else as the EU/EEA', () => {
    expect(activationOfRegions(['GLOBAL'])).toEqual({ scope: 'worldwide', countries: [] });
    expect(activationOfRegions(['Worldwide', 'EU'])).toEqual({ scope: 'worldwide', countries: [] });
    expect(activationOfRegions(['pl', 'CZ', 'PL'])).toEqual({ scope: 'countries', countries: ['CZ', 'PL'] });
    expect(activationOfRegions(['EU'])).toEqual({ scope: 'eu', countries: [] });
    expect(activationOfRegions(['EMEA'])).toEqual({ scope: 'eu', countries: [] });
    expect(activationOfRegions([])).toEqual({ scope: 'eu', countries: [] });
  });

  it('answers whether a key activates in a country', () => {
    expect(activatesIn('eu', [], 'EE')).toBe(true);
    expect(activatesIn('eu', [], 'NO')).toBe(true);
    expect(activatesIn('eu', [], 'US')).toBe(false);
    expect(activatesIn('worldwide', [], 'US')).toBe(true);
    expect(activatesIn('countries', ['PL'], 'PL')).toBe(true);
    expect(activatesIn('countries', ['PL'], 'ES')).toBe(false);
    expect(activatesIn('countries', ['PL'], null)).toBe(true);
  });

  it('names countries in the reader’s language, as a list of that language', () => {
    expect(countryNames(['DE', 'AT'], 'en')).toBe('Germany and Austria');
    expect(countryNames(['DE', 'AT'], 'de')).toBe('Deutschland und Österreich');
    expect(countryNames(['PL'], 'en')).toBe('Poland');
  });
});
