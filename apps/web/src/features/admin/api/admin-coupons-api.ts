import type { Coupon, CouponInput, GenerateCouponsInput } from '@keyland/core/schemas/coupons';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { ChosenGame } from '#src/features/admin/utils/discount-form.ts';
import { api } from '#src/lib/api-client.ts';
import { adminKeys, productQueryOptions } from './admin-api.ts';
import * as discount from './discount-api.ts';

/**
 * The coupons of the back office (`/api/admin/coupons`, `…/generate`, `…/:id`, `…/:id/end`). Types only
 * from zod.
 */

export type { Coupon, CouponInput, GenerateCouponsInput };
export type CouponStatus = Coupon['status'];

/** The server's limits (packages/core/src/schemas/coupons.ts), repeated here to keep zod out. */
export const COUPON_NAME_MAX = 120;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;
export const COUPON_PREFIX_PATTERN = /^[A-Za-z0-9]{0,10}$/;
export const COUPON_GENERATE_MAX = 5000;
export const COUPON_PERCENT_MAX = 90;
export const COUPON_AMOUNT_MAX = 1000;
export const COUPON_MIN_BASKET_MAX = 10_000;
export const COUPON_MAX_USES_MAX = 1_000_000;
export const COUPON_PER_CUSTOMER_MAX = 100;
export const COUPON_MAX_GAMES = 500;
/** The code sent when a batch of generated codes is changed: the server keeps the batch's codes. */
export const BATCH_CODE_PLACEHOLDER = 'BATCH';

export const couponKeys = {
  all: () => [...adminKeys.all, 'coupons'] as const,
};

/** Where the coupon calls go; after a change, the list is read again. */
export const couponCalls: discount.DiscountCalls = {
  path: '/api/admin/coupons',
  queryKey: couponKeys.all(),
  changed: (queryClient) => void queryClient.invalidateQueries({ queryKey: couponKeys.all() }),
};

/** Every coupon, the newest first (as the server sends them). */
export const useCoupons = () => discount.useDiscounts<Coupon>(couponCalls);

/** One coupon, read from the list (there is no call for one alone); `null` when there is none. */
export const useCoupon = (id: number) => discount.useDiscount<Coupon>(couponCalls, id);

/** A coupon with a typed code (the server refuses a code already in use with COUPON_CODE_TAKEN). */
export const useCreateCoupon = () => discount.useCreateDiscount<Coupon, CouponInput>(couponCalls);

/** Changes a coupon that has not started yet (the server refuses with PROMOTION_NOT_EDITABLE after). */
export const useUpdateCoupon = (id: number) =>
  discount.useUpdateDiscount<Coupon, CouponInput>(couponCalls, id);

/** A batch of generated single-use codes: the CSV file of its codes (a `code` header, one code a line). */
export interface GeneratedCodes {
  file: Blob;
  fileName: string;
  /** How many codes the file holds. */
  count: number;
}

export function useGenerateCoupons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GenerateCouponsInput): Promise<GeneratedCodes> => {
      const { file, fileName } = await api.postForFile('/api/admin/coupons/generate', input);
      const lines = (await file.text()).split(/\r?\n/).filter((line) => line.trim() !== '');
      return { file, fileName: fileName ?? 'coupons.csv', count: Math.max(0, lines.length - 1) };
    },
    onSuccess: () => couponCalls.changed(queryClient),
  });
}

/**
 * A coupon's games with their titles (a coupon names its games by id only), read from the admin products;
 * `#id` stands for a game that cannot be read. `pending` until every title has been tried.
 */
export function useCouponGames(gameIds: readonly number[]): { games: ChosenGame[]; pending: boolean } {
  return useQueries({
    queries: gameIds.map((id) => ({ ...productQueryOptions(id), staleTime: 60_000 })),
    combine: (results) => ({
      games: gameIds.map((id, index) => ({ id, title: results[index]?.data?.title ?? `#${id}` })),
      pending: results.some((result) => result.isPending),
    }),
  });
}
