import { readCatalogueAddress } from '@keyland/core/catalogue';
import type { CatalogueChoices } from '#src/features/catalogue/api/catalogue-filters.ts';
import type { CataloguePageInput } from '#src/features/catalogue/api/get-catalogue-page.ts';

/**
 * The catalogue's filters, order and page as the address carries them
 * (?name=…&platform=…&sale=1&sort=discount_desc&page=…).
 */
export function readCatalogueParams(searchParams: URLSearchParams): CataloguePageInput {
  return readCatalogueAddress(searchParams);
}

/**
 * The address after the visitor changed some of their choices: each one written as `readCatalogueParams`
 * reads it, a default (no name, all platforms, not only sales, relevance) left out so the address stays
 * short, other parameters kept. Any change goes back to page 1.
 */
export function writeCatalogueParams(
  previous: URLSearchParams,
  next: Partial<CatalogueChoices>,
): URLSearchParams {
  const params = new URLSearchParams(previous);
  const set = (key: string, value: string | null) => {
    if (value) params.set(key, value);
    else params.delete(key);
  };
  if (next.name !== undefined) set('name', next.name);
  if (next.platform !== undefined) set('platform', next.platform);
  if (next.onSale !== undefined) set('sale', next.onSale ? '1' : null);
  if (next.sort !== undefined) set('sort', next.sort === 'relevance' ? null : next.sort);
  params.delete('page');
  return params;
}
