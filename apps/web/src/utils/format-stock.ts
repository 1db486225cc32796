import { STOCK_DISPLAY_CAP } from '@keyland/core/catalogue';

/** The stock as shown on a card or the product page: the number, or '10+' above the display cap. */
export function formatStock(stock: number): string {
  return stock > STOCK_DISPLAY_CAP ? `${STOCK_DISPLAY_CAP}+` : String(Math.max(0, stock));
}
