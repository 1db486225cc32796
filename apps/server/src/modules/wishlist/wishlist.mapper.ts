import { centsToEuros } from '@keyland/core/money';
import type { WishlistAlert, WishlistItem } from '@keyland/core/schemas/wishlist';
import { COVER_PLACEHOLDER } from '../catalogue/index.ts';
import type { WishlistRow } from './wishlist.repository.ts';

/** A game can be bought (and told about) while it is listed with a price. */
export const isSold = (game: { hidden: boolean; priceCents: number }): boolean =>
  !game.hidden && game.priceCents > 0;

export const alertOf = (row: {
  priceAlert: boolean;
  priceBelowCents: number | null;
  stockAlert: boolean;
}): WishlistAlert => ({
  priceDrop: row.priceAlert,
  priceBelow: row.priceBelowCents === null ? null : centsToEuros(row.priceBelowCents),
  backInStock: row.stockAlert,
});

/**
 * An entry as the wishlist shows it. The sale facts are given only while the price is shown as reduced
 * (decision 032: `discount_percent` is null otherwise); the lowest price of the last 30 days is never above
 * today's.
 */
export function toWishlistItem(row: WishlistRow, lowestCents: number | undefined): WishlistItem {
  const reduced = row.discountPercent !== null && row.discountPercent >= 1 && row.saleReferenceCents !== null;
  return {
    providerId: row.providerId,
    productId: row.productId,
    title: row.title,
    slug: row.slug,
    platform: row.platform,
    cover: row.coverUrl || COVER_PLACEHOLDER,
    price: centsToEuros(row.priceCents),
    priceReference: reduced && row.saleReferenceCents !== null ? centsToEuros(row.saleReferenceCents) : null,
    discountPercent: reduced ? row.discountPercent : null,
    saleEndsAt: reduced ? (row.saleEndsAt?.toISOString() ?? null) : null,
    lowest30Days: centsToEuros(Math.min(lowestCents ?? row.priceCents, row.priceCents)),
    stock: Math.max(row.stock, 0),
    available: isSold(row),
    addedAt: row.addedAt.toISOString(),
    alert: alertOf(row),
  };
}
