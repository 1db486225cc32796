import { type CatalogueScreenSort, catalogueFiltersOf } from '@keyland/core/catalogue';
import type { CatalogueFilters } from '@keyland/core/schemas/catalogue';

/** What the visitor can filter on the catalogue screen; the rest of the filters keep the spec's defaults. */
export interface CatalogueSearch {
  name: string;
  platform: string;
  /** Only games on sale. */
  onSale: boolean;
}

/** Everything the visitor chooses on the catalogue screen but the page: the filters and the order. */
export interface CatalogueChoices extends CatalogueSearch {
  sort: CatalogueScreenSort;
}

/**
 * The request filters: name, platform and "on sale" from the screen, minimum stock 0 and price range 0 to
 * 100.
 */
export function toCatalogueFilters(search: CatalogueSearch): CatalogueFilters {
  return catalogueFiltersOf(search);
}
