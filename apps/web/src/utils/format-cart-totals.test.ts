import { describe, expect, it } from 'vitest';
import { formatCartTotals } from './format-cart-totals.ts';

// Normalises the narrow no-break spaces Intl puts between number and sign.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('cart totals display', () => {
  const totals = { amount_untaxed: 14.49, amount_tax: 3.48, amount_total: 17.97, tax_percent: 24 };

  it('formats subtotal, VAT and total in English with two decimals', () => {
    const shown = formatCartTotals(totals, 'en');
    expect(shown).toEqual({ subtotal: '€14.49', tax: '€3.48', total: '€17.97', taxPercent: '24%' });
  });

  it('puts the euro sign and the decimal comma where Spanish does', () => {
    const shown = formatCartTotals(totals, 'es');
    expect(plain(shown.subtotal)).toBe('14,49 €');
    expect(plain(shown.tax)).toBe('3,48 €');
    expect(plain(shown.total)).toBe('17,97 €');
    expect(plain(shown.taxPercent)).toBe('24 %');
  });

  it('always shows cents, also for whole amounts, zero and fractional VAT rates', () => {
    const shown = formatCartTotals(
      { amount_untaxed: 0, amount_tax: 0, amount_total: 20, tax_percent: 25.5 },
      'en',
    );
    expect(shown.subtotal).toBe('€0.00');
    expect(shown.total).toBe('€20.00');
    expect(shown.taxPercent).toBe('25.5%');
  });
});
