import { CATALOGUE_PAGE_SIZE } from '@keyland/core/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';
import { type CatalogueSearch, toCatalogueFilters } from './catalogue-filters.ts';

export function countGames(search: CatalogueSearch, { signal }: { signal?: AbortSignal } = {}) {
  return api.post<{ total: number }>(
    '/api/kl_api/count_games',
    { filters: toCatalogueFilters(search) },
    { signal },
  );
}

export function getCountGamesQueryOptions(search: CatalogueSearch) {
  return queryOptions({
    queryKey: [...catalogueQueryKey, 'count', search] as const,
    queryFn: ({ signal }) => countGames(search, { signal }),
    placeholderData: keepPreviousData,
    select: ({ total }) => ({ total, pages: Math.ceil(total / CATALOGUE_PAGE_SIZE) }),
  });
}

/** How many games match, and so how many pages there are (ceiling of total / 12). */
export function useCountGames(search: CatalogueSearch) {
  return useQuery(getCountGamesQueryOptions(search));
}
