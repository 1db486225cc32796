import type { Promotion, PromotionInput, PromotionStatus } from '@keyland/core/schemas/promotions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';
import { adminKeys } from './admin-api.ts';

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

export function promotionsQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.all(),
    queryFn: ({ signal }) => api.get<{ items: Promotion[] }>('/api/admin/promotions', { signal }),
    staleTime: 0,
  });
}

/** Every promotion, the newest first (as the server sends them). */
export const usePromotions = () => useQuery(promotionsQueryOptions());

/** One promotion, read from the list (there is no call for one alone); `null` when there is none. */
export const usePromotion = (id: number) =>
  useQuery({
    ...promotionsQueryOptions(),
    select: (data) => data.items.find((promotion) => promotion.id === id) ?? null,
  });

/** After a promotion changes: the list, the games' prices in the back office and in the store. */
function usePromotionSaved() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['product'] });
  };
}

export function useCreatePromotion() {
  const saved = usePromotionSaved();
  return useMutation({
    mutationFn: (input: PromotionInput) => api.post<Promotion>('/api/admin/promotions', input),
    onSuccess: saved,
  });
}

/** Changes a promotion that has not started yet (the server refuses with PROMOTION_NOT_EDITABLE after). */
export function useUpdatePromotion(id: number) {
  const saved = usePromotionSaved();
  return useMutation({
    mutationFn: (input: PromotionInput) => api.put<Promotion>(`/api/admin/promotions/${id}`, input),
    // A refusal may mean it started meanwhile: the screen reads it again to show it as it now is.
    onSettled: saved,
  });
}

/** Ends a promotion now: the prices go back to the regular ones at once. */
export function useEndPromotion(id: number) {
  const saved = usePromotionSaved();
  return useMutation({
    mutationFn: () => api.post<Promotion>(`/api/admin/promotions/${id}/end`),
    onSuccess: saved,
  });
}
