import type { WishlistAlert } from '@keyland/core/schemas/wishlist';

/** The alert form's fields as typed. */
export interface AlertFormValues {
  priceDrop: boolean;
  priceBelow: string;
  backInStock: boolean;
}

export const MAX_ALERT_PRICE = 100_000;

export function formValuesOf(alert: WishlistAlert, locale: string): AlertFormValues {
  return {
    priceDrop: alert.priceDrop,
    priceBelow:
      alert.priceBelow === null
        ? ''
        : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping: false }).format(
            alert.priceBelow,
          ),
    backInStock: alert.backInStock,
  };
}

/**
 * The alert to send, or `'price'` when the price limit is not an amount of euros the server takes (more
 * than 0, at most 100,000, at most two decimals; a comma or a point before the cents). An empty limit
 * means any reduction.
 */
export function alertOf(values: AlertFormValues): WishlistAlert | 'price' {
  const text = values.priceBelow.trim();
  let priceBelow: number | null = null;
  if (values.priceDrop && text !== '') {
    if (!/^\d{1,6}([.,]\d{1,2})?$/.test(text)) return 'price';
    priceBelow = Number(text.replace(',', '.'));
    if (priceBelow <= 0 || priceBelow > MAX_ALERT_PRICE) return 'price';
  }
  return { priceDrop: values.priceDrop, priceBelow, backInStock: values.backInStock };
}
