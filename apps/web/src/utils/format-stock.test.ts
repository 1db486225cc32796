import { describe, expect, it } from 'vitest';
import { formatStock } from './format-stock.ts';

describe('catalogue formatting', () => {
  it('caps the stock display at 10+', () => {
    expect(formatStock(3)).toBe('3');
    expect(formatStock(10)).toBe('10');
    expect(formatStock(11)).toBe('10+');
  });
});
