import type { SessionUser } from '@keyland/core/schemas/accounts';
import type { Wishlist, WishlistItem } from '@keyland/core/schemas/wishlist';
import { jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';

export const customer: SessionUser = {
  email: 'ana@example.com',
  country: 68,
  kl_user_role: 'user',
  kl_email_verified: true,
};

/** A game on the wishlist: in stock, not on sale, no alert. */
export function wishlistItem(overrides: Partial<WishlistItem> = {}): WishlistItem {
  return {
    providerId: 'kl-lumen',
    productId: 'p-lumen',
    title: 'Lumen Drift',
    slug: 'lumen-drift',
    platform: 'Steam',
    cover: '/media/covers/kl-lumen.svg',
    price: 19.99,
    priceReference: null,
    discountPercent: null,
    saleEndsAt: null,
    lowest30Days: 14.5,
    stock: 4,
    available: true,
    addedAt: '2026-11-20T10:00:00.000Z',
    alert: { priceDrop: false, priceBelow: null, backInStock: false },
    ...overrides,
  };
}

/**
 * The server of these tests: the session (a customer, or a visitor when `user` is null), the wishlist, and
 * the answers of changes (`change`, by method and address; 404 for anything else).
 */
export function stubWishlistServer(options: {
  user: SessionUser | null;
  items?: WishlistItem[];
  change?: (call: { method: string; url: string; body: unknown }) => Response | undefined;
}) {
  return stubFetch((call) => {
    if (call.url === '/api/kl_api/user_online') return jsonResponse(200, { user: options.user });
    if (call.method === 'GET' && call.url === '/api/wishlist')
      return jsonResponse(200, { items: options.items ?? [], max: 200 } satisfies Wishlist);
    return options.change?.(call) ?? jsonResponse(404, { error: 'NOT_FOUND', message: 'Not found' });
  });
}
