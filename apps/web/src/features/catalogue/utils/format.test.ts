import { describe, expect, it } from 'vitest';
import { formatPrice, formatReleaseDate, formatStock } from './format.ts';

describe('catalogue formatting', () => {
  it('formats prices with two decimals in the chosen language', () => {
    expect(formatPrice(19.9, 'en')).toBe('€19.90');
    expect(formatPrice(19.9, 'es').replace(/\s/g, ' ')).toBe('19,90 €');
    expect(formatPrice(0, 'de').replace(/\s/g, ' ')).toBe('0,00 €');
  });

  it('caps the stock display at 10+', () => {
    expect(formatStock(3)).toBe('3');
    expect(formatStock(10)).toBe('10');
    expect(formatStock(11)).toBe('10+');
  });

  it('formats a bare release day without shifting it', () => {
    expect(formatReleaseDate('2024-03-01', 'en')).toBe('Mar 1, 2024');
    expect(formatReleaseDate(null, 'en')).toBeNull();
    expect(formatReleaseDate('not a date', 'en')).toBeNull();
  });
});
