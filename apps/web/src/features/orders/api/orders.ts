import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { ordersBaseKey } from '#src/lib/query-keys.ts';
import { useSession } from '#src/lib/session.ts';

export type { CompletedOrder };

export function ordersQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...ordersBaseKey, email],
    queryFn: ({ signal }) => api.post<CompletedOrder[]>('/api/kl_api/get_completed_orders', {}, { signal }),
    staleTime: 0,
  });
}

/** How often the history asks again while an invoice is being numbered (a few seconds after payment). */
export const INVOICE_PENDING_REFETCH_MS = 2_000;

/** The customer's paid orders, newest first as the server sends them. */
export function useCompletedOrders() {
  const { user } = useSession();
  const email = user?.email ?? '';
  return useQuery({
    ...ordersQueryOptions(email),
    enabled: email !== '',
    refetchInterval: (query) =>
      query.state.data?.some((order) => order.invoice_pending) ? INVOICE_PENDING_REFETCH_MS : false,
  });
}

/** Hides an order from the history (the record stays on the server for accounting and support). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const queryKey = ordersQueryOptions(user?.email ?? '').queryKey;
  return useMutation({
    mutationFn: (orderId: number) => api.post('/api/kl_api/delete_order', { orderId }),
    onSuccess: (_answer, orderId) => {
      queryClient.setQueryData<CompletedOrder[]>(queryKey, (orders) =>
        orders?.filter((order) => order.id !== orderId),
      );
    },
  });
}

export interface WithdrawalResult {
  orderId: number;
  status: 'refunded';
  withdrawnAt: string;
  refunded: number;
  refundId: string | null;
  refundPending: boolean;
  keysReleased: number;
}

/**
 * Withdraws from an order whose keys were not delivered (art. 11a). The history is read again only when
 * the caller says so (after the acknowledgement was shown), since the order then leaves the list.
 */
export function useWithdrawOrder() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({
      mutationFn: (orderId: number) =>
        api.post<WithdrawalResult>(`/api/orders/${orderId}/withdraw`, { confirm: true }),
    }),
    refreshHistory: () => queryClient.invalidateQueries({ queryKey: ordersBaseKey }),
  };
}

/** Where the invoice PDF of an order is downloaded from. */
export const invoiceHref = (invoiceId: number) => `/api/invoices/${invoiceId}/pdf`;
