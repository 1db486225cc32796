import type { CataloguePageInput } from '../api/get-catalogue-page.ts';

/** Reads a page number from the address; anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The catalogue's filters and page as the address carries them (?name=…&platform=…&page=…). */
export function readCatalogueParams(searchParams: URLSearchParams): CataloguePageInput {
  return {
    name: searchParams.get('name') ?? '',
    platform: searchParams.get('platform') ?? '',
    page: parsePage(searchParams.get('page')),
  };
}
