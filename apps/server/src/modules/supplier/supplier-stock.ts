import { sql } from 'drizzle-orm';

/**
 * Keys the key supplier still lists for a game (its quantity at the last sync), counted on top of the
 * store's own available keys wherever stock is shown or checked. Zero for games not bought from a supplier.
 */
export const supplierStock = sql<number>`coalesce((
  select sp.quantity from supplier_products sp where sp.game_id = "games"."id" and sp.listed
), 0)`;
