/** Catalogue constants, kept apart from the zod schemas so that pages can use them without loading zod. */
export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_LIMIT = 48;
export const DEFAULT_PRICE_RANGE: readonly [number, number] = [0, 100];
/** Above this stock the catalogue shows '10+'. */
export const STOCK_DISPLAY_CAP = 10;

/** The orders the catalogue screen offers (the API knows more). */
export const catalogueScreenSorts = ['relevance', 'discount_desc'] as const;
export type CatalogueScreenSort = (typeof catalogueScreenSorts)[number];

/**
 * What the catalogue screen's address carries (?name=…&platform=…&sale=1&sort=discount_desc&page=…),
 * 1-based page.
 */
export interface CatalogueAddress {
  name: string;
  platform: string;
  /** Only games on sale. */
  onSale: boolean;
  sort: CatalogueScreenSort;
  page: number;
}

/**
 * Whether an address chooses anything on the catalogue screen (a filter, an order or a page): the bare
 * public store greets a first visit with the welcome splash, an address that chooses goes to the games.
 */
export function choosesInCatalogue(searchParams: { has(name: string): boolean }): boolean {
  return ['name', 'platform', 'sale', 'sort', 'page'].some((key) => searchParams.has(key));
}

const screenSortOf = (value: string | null): CatalogueScreenSort =>
  catalogueScreenSorts.find((sort) => sort === value) ?? 'relevance';

/** Reads a page number from the address; anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The catalogue's filters and page as the address carries them. The web app keys its queries by this
 * object and the server inlines the first page's answer for it, so both read the address the same way.
 */
export function readCatalogueAddress(searchParams: { get(name: string): string | null }): CatalogueAddress {
  return {
    name: searchParams.get('name') ?? '',
    platform: searchParams.get('platform') ?? '',
    onSale: searchParams.get('sale') === '1',
    sort: screenSortOf(searchParams.get('sort')),
    page: parsePage(searchParams.get('page')),
  };
}

/**
 * The request filters of the screen: name, platform and "on sale", minimum stock 0 and the default price
 * range.
 */
export function catalogueFiltersOf({
  name,
  platform,
  onSale = false,
}: {
  name: string;
  platform: string;
  onSale?: boolean;
}) {
  return {
    name: name.trim(),
    platform,
    stockMin: 0,
    priceRange: [DEFAULT_PRICE_RANGE[0], DEFAULT_PRICE_RANGE[1]] as [number, number],
    onSale,
  };
}

/** The catalog_paginated request body of one page of the screen (the default order is left to the server). */
export function cataloguePageRequestOf({ page, sort, ...search }: CatalogueAddress) {
  return {
    offset: (page - 1) * CATALOGUE_PAGE_SIZE,
    limit: CATALOGUE_PAGE_SIZE,
    filters: catalogueFiltersOf(search),
    ...(sort === 'relevance' ? {} : { sort }),
  };
}
