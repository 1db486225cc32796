import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { freshQueryOptions } from './admin-api.ts';

/**
 * The calls a kind of discount shares (promotions, coupons), at `path` (`…`, `…/:id`, `…/:id/end`): the
 * whole list, one read from it (there is no call for one alone), a new one, a change before it starts
 * and ending it now. Each kind's file names them for its own type.
 */
export interface DiscountCalls {
  path: string;
  /** The list's cache key. */
  queryKey: readonly unknown[];
  /** After any change: what is read again. */
  changed: (queryClient: QueryClient) => void;
}

const listOptions = <Item>(calls: DiscountCalls) =>
  freshQueryOptions<{ items: Item[] }>(calls.queryKey, calls.path);

/** Every one, the newest first (as the server sends them). */
export const useDiscounts = <Item>(calls: DiscountCalls) => useQuery(listOptions<Item>(calls));

/** One, read from the list; `null` when there is none with its id. */
export const useDiscount = <Item extends { id: number }>(calls: DiscountCalls, id: number) =>
  useQuery({
    ...listOptions<Item>(calls),
    select: (data) => data.items.find((item) => item.id === id) ?? null,
  });

export function useCreateDiscount<Item, Input>(calls: DiscountCalls) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<Item>(calls.path, input),
    onSuccess: () => calls.changed(queryClient),
  });
}

/** A change before it starts (the server refuses with PROMOTION_NOT_EDITABLE after). */
export function useUpdateDiscount<Item, Input>(calls: DiscountCalls, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.put<Item>(`${calls.path}/${id}`, input),
    // A refusal may mean it started meanwhile: the screen reads it again to show it as it now is.
    onSettled: () => calls.changed(queryClient),
  });
}

/** Ends it now. */
export function useEndDiscount<Item>(calls: DiscountCalls, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Item>(`${calls.path}/${id}/end`),
    onSuccess: () => calls.changed(queryClient),
  });
}
