import type { Promotion, PromotionInput, PromotionStatus } from '@keyland/core/schemas/promotions';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';
import { adminKeys } from './admin-api.ts';
import * as discount from './discount-api.ts';

/**
 * The promotions (sales) of the back office (`/api/admin/promotions`, `…/:id`, `…/:id/end`). The games
 * and platforms their form picks from are in admin-api.ts. Types only from zod.
 */

export type { Promotion, PromotionInput, PromotionStatus };

/** The server's limits (packages/core/src/schemas/promotions.ts), repeated here to keep zod out. */
export const PROMOTION_MAX_DAYS = 92;
export const PROMOTION_MAX_GAMES = 500;
export const PROMOTION_NAME_MAX = 120;
export const PROMOTION_FIXED_PRICE_MAX = 10_000;

export const promotionKeys = {
  all: () => [...adminKeys.all, 'promotions'] as const,
};

/** Where the promotion calls go; after a change: the list, the games' prices in the back office and in the store. */
export const promotionCalls: discount.DiscountCalls = {
  path: '/api/admin/promotions',
  queryKey: promotionKeys.all(),
  changed: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['product'] });
  },
};

/** Every promotion, the newest first (as the server sends them). */
export const usePromotions = () => discount.useDiscounts<Promotion>(promotionCalls);

/** One promotion, read from the list (there is no call for one alone); `null` when there is none. */
export const usePromotion = (id: number) => discount.useDiscount<Promotion>(promotionCalls, id);

export const useCreatePromotion = () => discount.useCreateDiscount<Promotion, PromotionInput>(promotionCalls);

/** Changes a promotion that has not started yet (the server refuses with PROMOTION_NOT_EDITABLE after). */
export const useUpdatePromotion = (id: number) =>
  discount.useUpdateDiscount<Promotion, PromotionInput>(promotionCalls, id);
