import type { Wishlist, WishlistItem } from '@keyland/core/schemas/wishlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { useSession } from '#src/lib/session.ts';

export type { Wishlist, WishlistItem };

/** The logged-in customer's wishlist (GET /api/wishlist), the latest added first. */
export function getWishlist({ signal }: { signal?: AbortSignal } = {}): Promise<Wishlist> {
  return api.get<Wishlist>('/api/wishlist', { signal });
}

/** One customer's list: the key names them, so a later login never sees the one before. */
export const wishlistQueryKey = (email: string) => ['wishlist', email] as const;

export function getWishlistQueryOptions(email: string) {
  return queryOptions({
    queryKey: wishlistQueryKey(email),
    queryFn: ({ signal }) => getWishlist({ signal }),
    staleTime: 60_000,
  });
}

/** The wishlist of the customer logged in; nothing is asked for a visitor (`enabled` false). */
export function useWishlist() {
  const { user } = useSession();
  const email = user?.email ?? '';
  return { ...useQuery({ ...getWishlistQueryOptions(email), enabled: user !== null }), email };
}
