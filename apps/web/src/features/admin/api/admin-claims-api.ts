import type { AdminClaim, AdminClaims, ResolveClaim } from '@keyland/core/schemas/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { adminKeys, freshQueryOptions } from './admin-api.ts';

/**
 * The key claims queue (`/api/admin/claims`, `…/:id/resolve`, `…/:id/screenshot`): the customers' reports
 * of keys that do not work, with their evidence, and the decision on each. Types only from zod.
 */

export type { AdminClaim, AdminClaims, ResolveClaim };
export type ClaimFilter = 'open' | 'closed' | 'all';
export const claimFilters: readonly ClaimFilter[] = ['open', 'closed', 'all'];

export const claimKeys = {
  all: () => [...adminKeys.all, 'claims'] as const,
  list: (status: ClaimFilter) => [...claimKeys.all(), status] as const,
};

/** Where the customer's screenshot of a claim is read (same origin, admin session). */
export const claimScreenshotUrl = (id: number) => `/api/admin/claims/${id}/screenshot`;

export const adminClaimsQueryOptions = (status: ClaimFilter) =>
  freshQueryOptions<AdminClaims>(claimKeys.list(status), `/api/admin/claims?status=${status}`);

/** The claims in one state: open ones the oldest first (as the server sends them). */
export const useAdminClaims = (status: ClaimFilter) => useQuery(adminClaimsQueryOptions(status));

/** After a decision: the queue, the dashboard, the stock and the orders are read again. */
function useResolved() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: claimKeys.all() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
  };
}

const resolve = (id: number, body: ResolveClaim) =>
  api.post<AdminClaim>(`/api/admin/claims/${id}/resolve`, body);

/** Replaces the key (from stock or the supplier) or refunds it: the customer is told by e-mail. */
export function useResolveClaim(id: number) {
  const resolved = useResolved();
  return useMutation({
    mutationFn: (body: Exclude<ResolveClaim, { action: 'reject' }>) => resolve(id, body),
    onSuccess: resolved,
  });
}

/** Rejects the claim with the reason the customer is sent. */
export function useRejectClaim(id: number) {
  const resolved = useResolved();
  return useMutation({
    mutationFn: (reason: string) => resolve(id, { action: 'reject', reason }),
    onSuccess: resolved,
  });
}
