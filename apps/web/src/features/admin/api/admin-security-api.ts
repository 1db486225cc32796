import type { ErrorCode } from '@keyland/core/errors';
import type { AdminProduct } from '@keyland/core/schemas/admin';
import type { TotpSetup, TotpStatus } from '@keyland/core/schemas/admin-security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { currentLocale, i18n } from '../../../lib/i18n.ts';
import { catalogueQueryKey } from '../../catalogue/api/catalogue-filters.ts';
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

/** A multipart upload with the shared client's contract (same-origin, error body → ApiError). */
async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-ui-language': currentLocale() },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, error: 'NETWORK_ERROR', message: i18n.t('errors.NETWORK_ERROR') });
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = data as { error?: ErrorCode; message?: string; field?: string } | undefined;
    if (error?.error && typeof error.message === 'string')
      throw new ApiError({
        status: response.status,
        error: error.error,
        message: error.message,
        field: error.field,
      });
    throw new ApiError({
      status: response.status,
      error: response.status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN',
      message: i18n.t('errors.UNKNOWN'),
    });
  }
  return data as T;
}

export function useUploadCover(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload<AdminProduct>(`/api/admin/uploads/covers/${id}`, file),
    onSuccess: (product) => {
      queryClient.setQueryData(adminKeys.product(product.id), product);
      void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
      void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
