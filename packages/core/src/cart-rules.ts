/** Cart limits, kept apart from the zod schemas so that the store's pages can use them without loading zod. */

/** At most this many keys of one game per order line. */
export const MAX_LINE_QUANTITY = 10;
