import type {
  ApproveHeldResult,
  Disputes,
  HeldOrder,
  HeldOrders,
  OrderRisk,
  riskTierValues,
} from '@keyland/core/schemas/review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { adminKeys, type CancelOrderResult, freshQueryOptions } from './admin-api.ts';

/**
 * The fraud review (`/api/admin/orders/held`, `…/:id/risk|approve|reject`, `/api/admin/disputes`): orders
 * held after payment, their risk assessments, the decision on each, and the disputes. Types only from zod.
 */

export type { ApproveHeldResult, HeldOrder, OrderRisk };
export type RiskTier = (typeof riskTierValues)[number];
export type Dispute = Disputes['items'][number];
export type RiskAssessment = OrderRisk['assessments'][number];

export const reviewKeys = {
  held: () => [...adminKeys.orders(), 'held'] as const,
  risk: (id: number) => [...adminKeys.order(id), 'risk'] as const,
  disputes: () => [...adminKeys.all, 'disputes'] as const,
};

export const heldOrdersQueryOptions = () =>
  freshQueryOptions<HeldOrders>(reviewKeys.held(), '/api/admin/orders/held');

/** The held orders, the longest waiting first (as the server sends them). */
export const useHeldOrders = () => useQuery(heldOrdersQueryOptions());

export const orderRiskQueryOptions = (id: number) =>
  freshQueryOptions<OrderRisk>(reviewKeys.risk(id), `/api/admin/orders/${id}/risk`);

/** An order's risk assessments: at checkout and, once paid, at payment. */
export const useOrderRisk = (id: number) => useQuery(orderRiskQueryOptions(id));

export const disputesQueryOptions = () =>
  freshQueryOptions<Disputes>(reviewKeys.disputes(), '/api/admin/disputes');

export const useDisputes = () => useQuery(disputesQueryOptions());

/** After a decision: the queue, the order lists and the dashboard are read again. */
function useDecided() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
  };
}

/** Approves a held order: its keys are delivered at once (history and e-mail). */
export function useApproveHeld(id: number) {
  const decided = useDecided();
  return useMutation({
    mutationFn: () => api.post<ApproveHeldResult>(`/api/admin/orders/${id}/approve`),
    onSuccess: decided,
  });
}

/** Cancels a held order: refunded in full, its keys back on sale, the customer told. */
export function useRejectHeld(id: number) {
  const decided = useDecided();
  return useMutation({
    mutationFn: (reason: string) => api.post<CancelOrderResult>(`/api/admin/orders/${id}/reject`, { reason }),
    onSuccess: decided,
  });
}
