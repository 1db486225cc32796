import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { CatalogueSearch } from '#src/features/catalogue/api/catalogue-filters.ts';
import { readCatalogueParams } from '#src/features/catalogue/utils/catalogue-params.ts';

/**
 * The catalogue's filters and page live in the address (?name=…&platform=…&page=…), so they survive a
 * reload, can be shared and follow the back button. Changing a filter goes back to page 1.
 */
export function useCatalogueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { name, platform, page } = readCatalogueParams(searchParams);

  const setFilters = useCallback(
    (next: Partial<CatalogueSearch>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next)) {
            if (value) params.set(key, value);
            else params.delete(key);
          }
          params.delete('page');
          return params;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const hrefForPage = useCallback(
    (target: number) => {
      const params = new URLSearchParams(searchParams);
      if (target <= 1) params.delete('page');
      else params.set('page', String(target));
      const query = params.toString();
      return query ? `?${query}` : '?';
    },
    [searchParams],
  );

  return { name, platform, page, setFilters, hrefForPage, hasFilters: name !== '' || platform !== '' };
}
