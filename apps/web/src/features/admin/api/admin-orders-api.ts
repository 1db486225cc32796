import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import {
  type AdminOrderDetail,
  type AdminOrderStatus,
  type AdminOrderSummary,
  adminKeys,
  type CancelOrderResult,
  freshQueryOptions,
  pageQueryOptions,
} from './admin-api.ts';

/** The back office's orders (`/api/admin/orders`): the list with its filters, one order, cancelling. */

/** The order statuses an admin filters by (carts, `draft`, only when asked for). */
export const ORDER_STATUSES = [
  'paid',
  'held_for_review',
  'pending_payment',
  'cancelled',
  'expired',
  'draft',
] as const satisfies readonly AdminOrderStatus[];

export interface OrderFilters {
  q: string;
  from: string;
  to: string;
  status: AdminOrderStatus | '';
}

export const ordersQueryOptions = (filters: OrderFilters, page: number) =>
  pageQueryOptions<AdminOrderSummary>(
    adminKeys.orderList(filters, page),
    '/api/admin/orders',
    { ...filters },
    page,
  );

export const useAdminOrders = (filters: OrderFilters, page: number) =>
  useQuery(ordersQueryOptions(filters, page));

export const orderQueryOptions = (id: number) =>
  freshQueryOptions<AdminOrderDetail>(adminKeys.order(id), `/api/admin/orders/${id}`);

export const useAdminOrder = (id: number) => useQuery(orderQueryOptions(id));

export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<CancelOrderResult>(`/api/admin/orders/${id}/cancel`, { reason }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
    },
  });
}
