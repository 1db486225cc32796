import { sql } from 'drizzle-orm';

/**
 * Keys the key supplier still lists for a game (its quantity at the last sync). Zero for games not bought
 * from a supplier.
 */
export const supplierStock = sql<number>`coalesce((
  select sp.quantity from supplier_products sp where sp.game_id = "games"."id" and sp.listed
), 0)`;

/**
 * The one definition of a game's stock: the store's keys that can be sold now (neither sold nor held by a
 * live reservation) plus what the key supplier lists. Correlated on `"games"."id"`: use it in a query that
 * reads `games` under that name (Drizzle leaves column names unqualified in single-table selects, which a
 * correlated subquery would resolve against its own table, hence the explicit aliases).
 */
export const availableStock = sql<number>`((
  select count(*)::int from game_keys k where k.game_id = "games"."id" and k.status = 'available'
) + ${supplierStock})`;
