import type { Profile } from '@keyland/core/schemas/accounts';
import type { CompletedOrder } from '@keyland/core/schemas/orders';
import type { CreateSupportTicket, SupportContact } from '@keyland/core/schemas/support';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { ordersBaseKey } from '#src/lib/query-keys.ts';
import { useSession } from '#src/lib/session.ts';

/**
 * Support on the legal and contact pages: the support address the server publishes at run time
 * (`GET /api/support/contact`), the contact form (`POST /api/support/tickets`) and, for a logged-in
 * customer, who they write as and which of their orders the message may be about. Types only from zod.
 */

export type { CreateSupportTicket, SupportContact };
export type SupportOrder = Pick<CompletedOrder, 'id' | 'date'>;

/** The contact form's limits (packages/core/src/schemas/support.ts), repeated here to keep zod out. */
export const TICKET_LIMITS = { name: 120, email: 254, subject: 150, message: 5000 } as const;

export function supportContactQueryOptions() {
  return queryOptions({
    queryKey: ['support-contact'] as const,
    queryFn: ({ signal }) => api.get<SupportContact>('/api/support/contact', { signal }),
    // The server lets it be cached for a minute: it changes only with the server's configuration.
    staleTime: 60_000,
  });
}

/** The support address, or null when the server has none (pending or failed: undefined). */
export function useSupportAddress(): { email: string | null | undefined; isPending: boolean } {
  const query = useQuery(supportContactQueryOptions());
  if (query.isError) return { email: null, isPending: false };
  return { email: query.data?.email, isPending: query.isPending };
}

/**
 * The customer's paid orders, to link a message to one. The same call and cache entry as the purchase
 * history (`ordersBaseKey`), so a payment that refreshes the history refreshes this list too.
 */
export function supportOrdersQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...ordersBaseKey, email],
    queryFn: ({ signal }) => api.post<CompletedOrder[]>('/api/kl_api/get_completed_orders', {}, { signal }),
    staleTime: 0,
  });
}

export function useSupportOrders(email: string | undefined) {
  return useQuery({ ...supportOrdersQueryOptions(email ?? ''), enabled: Boolean(email) });
}

export function senderQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['support-sender', email] as const,
    queryFn: ({ signal }) => api.get<Profile>('/api/kl_api/user_profile', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Who a logged-in customer writes as: the name and address of their account (null while it is read; if it
 * cannot be read, the address stands for the name).
 */
export function useSender(): { name: string; email: string } | null {
  const { user } = useSession();
  const profile = useQuery({ ...senderQueryOptions(user?.email ?? ''), enabled: Boolean(user) });
  if (!user || profile.isPending) return null;
  return { name: profile.data?.full_name || user.email, email: user.email };
}

/** Sends the contact form; the answer carries the new ticket's number. */
export function useSendTicket() {
  return useMutation({
    mutationFn: (input: CreateSupportTicket) =>
      api.post<{ id: number; number: string }>('/api/support/tickets', input),
  });
}
