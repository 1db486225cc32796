import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';

export function getPlatforms({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return api.post<string[]>('/api/kl_api/get_platforms', undefined, { signal });
}

export function getPlatformsQueryOptions() {
  return queryOptions({
    queryKey: [...catalogueQueryKey, 'platforms'] as const,
    queryFn: ({ signal }) => getPlatforms({ signal }),
    staleTime: 10 * 60_000,
  });
}

/** The platforms present in the catalogue, for the platform filter. */
export function usePlatforms() {
  return useQuery(getPlatformsQueryOptions());
}
