import type { PreorderObligation, PreorderObligations } from '@keyland/core/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-api.ts';

/**
 * The pre-orders (`/api/admin/preorders`): each game on pre-order or with paid pre-orders waiting, the
 * keys owed against the keys set aside. Types only from zod.
 */

export type { PreorderObligation, PreorderObligations };

export const preorderKeys = { obligations: () => [...adminKeys.all, 'preorders'] as const };

export function preorderObligationsQueryOptions() {
  return queryOptions({
    queryKey: preorderKeys.obligations(),
    queryFn: ({ signal }) => api.get<PreorderObligations>('/api/admin/preorders', { signal }),
    staleTime: 0,
  });
}

/** The obligations, the earliest delivery first (as the server sends them). */
export const usePreorderObligations = () => useQuery(preorderObligationsQueryOptions());
