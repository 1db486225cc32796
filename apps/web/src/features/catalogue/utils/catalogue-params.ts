import { readCatalogueAddress } from '@keyland/core/catalogue';
import type { CataloguePageInput } from '#src/features/catalogue/api/get-catalogue-page.ts';

/** The catalogue's filters and page as the address carries them (?name=…&platform=…&page=…). */
export function readCatalogueParams(searchParams: URLSearchParams): CataloguePageInput {
  return readCatalogueAddress(searchParams);
}
