import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { type AdminCustomer, adminKeys, pageQueryOptions, type SuspendResult } from './admin-api.ts';

/** The back office's customers (`/api/admin/customers`): the searchable list and suspending an account. */

export const customersQueryOptions = (q: string, page: number) =>
  pageQueryOptions<AdminCustomer>(adminKeys.customerList(q, page), '/api/admin/customers', { q }, page);

export const useAdminCustomers = (q: string, page: number) => useQuery(customersQueryOptions(q, page));

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspend }: { id: number; suspend: boolean }) =>
      api.post<SuspendResult>(`/api/admin/customers/${id}/${suspend ? 'suspend' : 'reactivate'}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.customers() }),
  });
}
