/** Catalogue constants, kept apart from the zod schemas so that pages can use them without loading zod. */
export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_LIMIT = 48;
export const DEFAULT_PRICE_RANGE: readonly [number, number] = [0, 100];
/** Above this stock the catalogue shows '10+'. */
export const STOCK_DISPLAY_CAP = 10;
