import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import {
  ADMIN_PAGE_SIZE,
  type AdminOrderDetail,
  type AdminOrderStatus,
  type AdminOrderSummary,
  adminKeys,
  type CancelOrderResult,
  offsetOf,
  type Page,
  queryString,
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

export function ordersQueryOptions(filters: OrderFilters, page: number) {
  return queryOptions({
    queryKey: adminKeys.orderList(filters, page),
    queryFn: ({ signal }) =>
      api.get<Page<AdminOrderSummary>>(
        `/api/admin/orders${queryString({ ...filters, offset: offsetOf(page), limit: ADMIN_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const useAdminOrders = (filters: OrderFilters, page: number) =>
  useQuery(ordersQueryOptions(filters, page));

export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: ({ signal }) => api.get<AdminOrderDetail>(`/api/admin/orders/${id}`, { signal }),
    staleTime: 0,
  });
}

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
