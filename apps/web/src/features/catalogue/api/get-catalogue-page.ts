import { cataloguePageRequestOf } from '@keyland/core/catalogue';
import type { CatalogueGame, CataloguePageRequest } from '@keyland/core/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';
import type { CatalogueChoices } from './catalogue-filters.ts';

export interface CataloguePageInput extends CatalogueChoices {
  /** 1-based page number. */
  page: number;
}

export function getCataloguePage(
  input: CataloguePageInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CatalogueGame[]> {
  const body: CataloguePageRequest = cataloguePageRequestOf(input);
  return api.post<CatalogueGame[]>('/api/kl_api/catalog_paginated', body, { signal });
}

export function getCataloguePageQueryOptions(input: CataloguePageInput) {
  return queryOptions({
    queryKey: [...catalogueQueryKey, 'page', input] as const,
    queryFn: ({ signal }) => getCataloguePage(input, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of games; the previous page stays on screen while the next one loads. */
export function useCataloguePage(input: CataloguePageInput) {
  return useQuery(getCataloguePageQueryOptions(input));
}
