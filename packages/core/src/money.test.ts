import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  divideRoundHalfUp,
  eurosToCents,
  formatEuros,
  multiplyCents,
  roundEurosToCents,
  sumCents,
} from './money.ts';

describe('money', () => {
  it('converts euros with two decimals to cents without float drift', () => {
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(0)).toBe(0);
  });

  it('refuses amounts finer than a cent or not finite', () => {
    expect(() => eurosToCents(1.001)).toThrow(RangeError);
    expect(() => eurosToCents(1.005)).toThrow(RangeError);
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('converts cents to euros for the wire and refuses non-integers', () => {
    expect(centsToEuros(1999)).toBe(19.99);
    expect(() => centsToEuros(19.5)).toThrow(RangeError);
  });

  it('adds and multiplies integer cents only', () => {
    expect(sumCents([1999, 1, 100])).toBe(2100);
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(() => multiplyCents(1999, 1.5)).toThrow(RangeError);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });

  it('rounds halves away from zero when dividing', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(4, 3)).toBe(1);
    expect(divideRoundHalfUp(-5, 2)).toBe(-3);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });

  it('formats prices in the language of the reader with two decimals', () => {
    expect(formatEuros(1999, 'en')).toBe('€19.99');
    expect(formatEuros(1999, 'es').replace(/\s/g, ' ')).toBe('19,99 €');
    expect(formatEuros(100000, 'de').replace(/\s/g, ' ')).toBe('1.000,00 €');
    expect(formatEuros(0, 'fr').replace(/\s/g, ' ')).toBe('0,00 €');
  });
});

describe('euro amounts of the wire, shown', () => {
  it('formats prices with two decimals in the chosen language', () => {
    expect(formatEuros(roundEurosToCents(19.9), 'en')).toBe('€19.90');
    expect(formatEuros(roundEurosToCents(19.9), 'es').replace(/\s/g, ' ')).toBe('19,90 €');
    expect(formatEuros(roundEurosToCents(0), 'de').replace(/\s/g, ' ')).toBe('0,00 €');
  });

  it('rounds float noise to the cent and counts a missing amount as zero', () => {
    expect(roundEurosToCents(0.1 + 0.2)).toBe(30);
    expect(roundEurosToCents(4.99 * 3)).toBe(1497);
    expect(roundEurosToCents(17.97)).toBe(1797);
    expect(roundEurosToCents(Number.NaN)).toBe(0);
  });
});
