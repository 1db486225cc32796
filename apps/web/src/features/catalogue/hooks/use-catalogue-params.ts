import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { CatalogueChoices } from '#src/features/catalogue/api/catalogue-filters.ts';
import { readCatalogueParams, writeCatalogueParams } from '#src/features/catalogue/utils/catalogue-params.ts';

/**
 * The catalogue's filters, order and page live in the address
 * (?name=…&platform=…&sale=1&sort=discount_desc&page=…), so they survive a reload, can be shared and follow
 * the back button. Changing a filter or the order goes back to page 1.
 */
export function useCatalogueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { name, platform, onSale, sort, page } = readCatalogueParams(searchParams);

  const setFilters = useCallback(
    (next: Partial<CatalogueChoices>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((previous) => writeCatalogueParams(previous, next), {
        replace,
        preventScrollReset: true,
      });
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

  return {
    name,
    platform,
    onSale,
    sort,
    page,
    setFilters,
    hrefForPage,
    hasFilters: name !== '' || platform !== '' || onSale,
  };
}
