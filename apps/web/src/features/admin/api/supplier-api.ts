import type { SupplierGamePrice, SupplierStatus } from '@keyland/core/schemas/supplier';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';

/*
 * The key supplier in the admin area (`/api/admin/supplier*`). Only the server talks to the supplier;
 * these calls reach the store's own API. Types only from the shared schemas (zod stays out of the bundle).
 */

export type { SupplierGamePrice, SupplierStatus };

export const supplierKeys = {
  status: ['admin', 'supplier', 'status'] as const,
  price: (gameId: number) => ['admin', 'supplier', 'price', gameId] as const,
};

/** The supplier's state; polled every 2 s while a sync runs. */
export function useSupplierStatus() {
  return useQuery({
    queryKey: supplierKeys.status,
    queryFn: ({ signal }) => api.get<SupplierStatus>('/api/admin/supplier', { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 2_000 : false),
  });
}

export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ started: true }>('/api/admin/supplier/sync'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: supplierKeys.status });
    },
  });
}

/** The supplier price of a game, or null when the game is not bought from the supplier. */
export function useSupplierGamePrice(gameId: number) {
  return useQuery({
    queryKey: supplierKeys.price(gameId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<SupplierGamePrice>(`/api/admin/supplier/games/${gameId}/price`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.error === 'NOT_A_SUPPLIER_GAME') return null;
        throw error;
      }
    },
  });
}

export function useSetPriceOverride(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (price: number | null) =>
      api.post<SupplierGamePrice>(`/api/admin/supplier/games/${gameId}/price`, { price }),
    onSuccess: (saved) => {
      queryClient.setQueryData(supplierKeys.price(gameId), saved);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
