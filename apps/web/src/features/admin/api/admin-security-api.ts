import type { AdminProduct } from '@keyland/core/schemas/admin';
import type { TotpSetup, TotpStatus } from '@keyland/core/schemas/admin-security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';
import { adminKeys } from './admin-api.ts';

export type { TotpSetup, TotpStatus };

/** The largest cover the server takes (COVER_MAX_BYTES in the server), repeated to keep zod out. */
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const totpKey = [...adminKeys.all, 'security', 'totp'] as const;

export function useTotpStatus() {
  return useQuery({
    queryKey: totpKey,
    queryFn: ({ signal }) => api.get<TotpStatus>('/api/admin/security/totp', { signal }),
    staleTime: 0,
  });
}

export function useTotpSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TotpSetup>('/api/admin/security/totp/setup'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: totpKey }),
  });
}

export function useTotpSwitch(action: 'enable' | 'disable') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ ok: true }>(`/api/admin/security/totp/${action}`, { code }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: totpKey }),
  });
}

export function useUploadCover(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.upload<AdminProduct>(`/api/admin/uploads/covers/${id}`, file),
    onSuccess: (product) => {
      queryClient.setQueryData(adminKeys.product(product.id), product);
      void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
      void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
