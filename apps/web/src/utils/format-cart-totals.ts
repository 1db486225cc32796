import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { Cart } from '@keyland/core/schemas/cart';

export interface CartTotalsDisplay {
  subtotal: string;
  tax: string;
  total: string;
  /** The VAT rate as the language writes percentages ("24 %", "24%"). */
  taxPercent: string;
}

/** The cart's totals formatted for display in the given language, always with two decimals. */
export function formatCartTotals(
  cart: Pick<Cart, 'amount_untaxed' | 'amount_tax' | 'amount_total' | 'tax_percent'>,
  locale: string,
): CartTotalsDisplay {
  return {
    subtotal: formatEuros(roundEurosToCents(cart.amount_untaxed), locale),
    tax: formatEuros(roundEurosToCents(cart.amount_tax), locale),
    total: formatEuros(roundEurosToCents(cart.amount_total), locale),
    taxPercent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      cart.tax_percent / 100,
    ),
  };
}
