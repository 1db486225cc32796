import type { GiftOpened, GiftView } from '@keyland/core/schemas/gifts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

/**
 * The recipient's page (`/gift/<token>`), without an account: the gift before its keys are revealed
 * (`getGift`), and revealing them, once (`openGift`). The token goes in the body, never in an API address.
 */

export type { GiftOpened, GiftView };

export const giftViewKey = (token: string) => ['gift', token] as const;

export function useGiftView(token: string) {
  return useQuery({
    queryKey: giftViewKey(token),
    queryFn: ({ signal }) => api.post<GiftView>('/api/gifts/view', { token }, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useOpenGift(token: string) {
  return useMutation({
    mutationFn: () => api.post<GiftOpened>('/api/gifts/open', { token }),
  });
}
