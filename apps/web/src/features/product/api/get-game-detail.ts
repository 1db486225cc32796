import type { GameDetail, GameDetailResponse } from '@keyland/core/schemas/game-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '#src/lib/api-client.ts';

export type { GameDetail };

/** A provider id the server can look up (the same rule as its schema); anything else is not a product. */
const PROVIDER_ID = /^[\w-]{1,80}$/;

export function isProviderId(value: string): boolean {
  return PROVIDER_ID.test(value);
}

/** The game behind /product?session={providerId}, or null when the store has no such (visible) game. */
export async function getGameDetail(
  providerId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GameDetail | null> {
  if (!isProviderId(providerId)) return null;
  try {
    const answer = await api.post<GameDetailResponse>(
      '/api/kl_api/checkGameDetail',
      { providerId },
      { signal },
    );
    return answer.found && answer.game ? answer.game : null;
  } catch (error) {
    // A refused id or an unknown game is "not found", not a failure worth a retry button.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const gameDetailQueryKey = (providerId: string) => ['product', 'detail', providerId] as const;

export function getGameDetailQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: gameDetailQueryKey(providerId),
    queryFn: ({ signal }) => getGameDetail(providerId, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The game detail of one product page. */
export function useGameDetail(providerId: string) {
  return useQuery(getGameDetailQueryOptions(providerId));
}
