/**
 * The first part of the query keys that more than one feature reads or refreshes: a payment empties the
 * cart and adds an order, an admin change alters the catalogue. Each feature builds its own keys on
 * these; a feature refreshes another's data through them, never by importing that feature.
 */
export const sessionQueryKey = ['session'] as const;
export const cartBaseKey = ['cart'] as const;
export const ordersBaseKey = ['completed-orders'] as const;
export const catalogueQueryKey = ['catalogue'] as const;
