import type { Executor } from '../../db/client.ts';
import { createStockRepository } from './stock.repository.ts';

export type { BoughtKey, SoldKey } from './stock.repository.ts';
/** The stock module's public face: what can be sold, and the life of a key in an order. */
export { availableStock, supplierStock } from './stock.ts';

/** Key reservation, sale, release and revocation in the caller's transaction. */
export const stockIn = (db: Executor) => createStockRepository(db);
export type Stock = ReturnType<typeof stockIn>;
/** The games with the most keys sold since `since` (the risk score's "most resold" signal). */
export const mostResoldGames = (db: Executor, since: Date, limit: number) =>
  createStockRepository(db).mostResoldGames(since, limit);
