import { catalogueFiltersOf } from '@keyland/core/catalogue';
import type { CatalogueFilters } from '@keyland/core/schemas/catalogue';

/** What the visitor can change on the catalogue screen; the rest of the filters keep the spec's defaults. */
export interface CatalogueSearch {
  name: string;
  platform: string;
}

/** The request filters: name and platform from the screen, minimum stock 0 and price range 0 to 100. */
export function toCatalogueFilters(search: CatalogueSearch): CatalogueFilters {
  return catalogueFiltersOf(search);
}
