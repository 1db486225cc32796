import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import {
  ADMIN_PAGE_SIZE,
  type AdminCustomer,
  adminKeys,
  offsetOf,
  type Page,
  queryString,
  type SuspendResult,
} from './admin-api.ts';

/** The back office's customers (`/api/admin/customers`): the searchable list and suspending an account. */

export function customersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.customerList(q, page),
    queryFn: ({ signal }) =>
      api.get<Page<AdminCustomer>>(
        `/api/admin/customers${queryString({ q, offset: offsetOf(page), limit: ADMIN_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const useAdminCustomers = (q: string, page: number) => useQuery(customersQueryOptions(q, page));

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspend }: { id: number; suspend: boolean }) =>
      api.post<SuspendResult>(`/api/admin/customers/${id}/${suspend ? 'suspend' : 'reactivate'}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.customers() }),
  });
}
