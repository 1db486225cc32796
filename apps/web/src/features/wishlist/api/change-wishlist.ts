import type { Wishlist, WishlistAlert, WishlistItem } from '@keyland/core/schemas/wishlist';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '#src/lib/api-client.ts';
import { useSession } from '#src/lib/session.ts';
import { wishlistQueryKey } from './get-wishlist.ts';

const gamePath = (providerId: string) => `/api/wishlist/${encodeURIComponent(providerId)}`;

/** Puts a game on the wishlist (PUT: adding it again changes nothing); answers its entry. */
export function addToWishlist(providerId: string): Promise<WishlistItem> {
  return api.put<WishlistItem>(gamePath(providerId), undefined);
}

export function removeFromWishlist(providerId: string): Promise<{ removed: boolean }> {
  return apiRequest<{ removed: boolean }>(`${gamePath(providerId)}/remove`, { method: 'POST' });
}

export function setWishlistAlert(providerId: string, alert: WishlistAlert): Promise<WishlistItem> {
  return api.put<WishlistItem>(`${gamePath(providerId)}/alert`, alert);
}

/** Writes an entry the server answered into the cached list (in place, or first when new). */
function putEntry(queryClient: QueryClient, email: string, item: WishlistItem): void {
  queryClient.setQueryData<Wishlist>(wishlistQueryKey(email), (list) => {
    if (!list) return list;
    const known = list.items.some((entry) => entry.providerId === item.providerId);
    return {
      ...list,
      items: known
        ? list.items.map((entry) => (entry.providerId === item.providerId ? item : entry))
        : [item, ...list.items],
    };
  });
}

function dropEntry(queryClient: QueryClient, email: string, providerId: string): void {
  queryClient.setQueryData<Wishlist>(wishlistQueryKey(email), (list) =>
    list ? { ...list, items: list.items.filter((entry) => entry.providerId !== providerId) } : list,
  );
}

/** Adds or removes a game; the cached list follows the server's answer. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const email = useSession().user?.email ?? '';
  return useMutation({
    mutationFn: ({ providerId, on }: { providerId: string; title: string; on: boolean }) =>
      on ? addToWishlist(providerId) : removeFromWishlist(providerId).then(() => null),
    onSuccess: (item, { providerId }) => {
      if (item) putEntry(queryClient, email, item);
      else dropEntry(queryClient, email, providerId);
    },
  });
}

/** Sets the alerts of one game of the list. */
export function useSetWishlistAlert() {
  const queryClient = useQueryClient();
  const email = useSession().user?.email ?? '';
  return useMutation({
    mutationFn: ({ providerId, alert }: { providerId: string; alert: WishlistAlert }) =>
      setWishlistAlert(providerId, alert),
    onSuccess: (item) => putEntry(queryClient, email, item),
  });
}
