import type { PriceHistory } from '@keyland/core/schemas/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

export type { PriceHistory };

/**
 * The selling prices of one game over the last 90 days (GET /api/kl_api/price_history/:providerId): the
 * price in effect when the window opened, then every change, oldest first. A 404 (an unknown or hidden
 * game) fails like any other error: the product page shows its own "not found" long before.
 */
export function getPriceHistory(
  providerId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PriceHistory> {
  return api.get<PriceHistory>(`/api/kl_api/price_history/${encodeURIComponent(providerId)}`, { signal });
}

export const priceHistoryQueryKey = (providerId: string) => ['product', 'price-history', providerId] as const;

export function getPriceHistoryQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: priceHistoryQueryKey(providerId),
    queryFn: ({ signal }) => getPriceHistory(providerId, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The price history of one product page. */
export function usePriceHistory(providerId: string) {
  return useQuery(getPriceHistoryQueryOptions(providerId));
}
