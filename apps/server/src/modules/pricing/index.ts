import type { Transaction } from '../../db/client.ts';
import { createPricingRepository, type PriceChangeCause } from './pricing.repository.ts';

/**
 * The pricing module's public face: the price ledger, sale prices and promotions
 * (docs/decisions/032-price-ledger-and-promotions.md). Code that changes a game's regular price declares
 * why first (`declarePriceChange`), writes `list_price_cents`, then lets the promotions in force set the
 * selling price (`refreshSalePrices`). The rules of a discount's window and scope are shared with the
 * coupons module (`discount-rules.ts`). Everything else in the folder is private.
 */
export * from './discount-rules.ts';
export { priceHistoryRoutes, promotionsAdminRoutes } from './pricing.routes.ts';
export { createPromotionsService, type PromotionsService } from './promotions.service.ts';
export { refreshSalePrices } from './sale-prices.ts';
export type { PriceChangeCause };

/** Declares, for the rest of `tx`, the cause, actor and time the price ledger records with each change. */
export const declarePriceChange = (
  tx: Transaction,
  cause: PriceChangeCause,
  actor: string | null,
  at: Date,
) => createPricingRepository(tx).declarePriceChange(cause, actor, at);
