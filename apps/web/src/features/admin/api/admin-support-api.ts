import type { SupportTicket, SupportTickets, ticketStatusValues } from '@keyland/core/schemas/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { adminKeys, freshQueryOptions } from './admin-api.ts';

/**
 * The support tickets (`/api/admin/support/tickets`, `…/:id`, `…/:id/reply`, `…/:id/close`): the messages
 * sent with the contact form, the admin's answers (mailed to the sender) and closing. Types only from zod.
 */

export type { SupportTicket };
export type TicketStatus = (typeof ticketStatusValues)[number];
export type TicketFilter = TicketStatus | 'all';
export type TicketMessage = SupportTicket['messages'][number];

/** The list's filters, in the order of the filter buttons; open tickets are the default. */
export const TICKET_FILTERS: readonly TicketFilter[] = ['open', 'answered', 'closed', 'all'];

export const supportKeys = {
  all: () => [...adminKeys.all, 'support'] as const,
  list: (status: TicketFilter) => [...supportKeys.all(), 'list', status] as const,
  ticket: (id: number) => [...supportKeys.all(), 'ticket', id] as const,
};

export const ticketsQueryOptions = (status: TicketFilter) =>
  freshQueryOptions<SupportTickets>(supportKeys.list(status), `/api/admin/support/tickets?status=${status}`);

/** The tickets of one status (open ones oldest first, as the server sends them), with their messages. */
export const useTickets = (status: TicketFilter) => useQuery(ticketsQueryOptions(status));

export const ticketQueryOptions = (id: number) =>
  freshQueryOptions<SupportTicket>(supportKeys.ticket(id), `/api/admin/support/tickets/${id}`);

export const useTicket = (id: number) => useQuery(ticketQueryOptions(id));

/** After an answer or a close: the ticket as the server answered it, the lists and the dashboard again. */
function useTicketChanged(id: number) {
  const queryClient = useQueryClient();
  return (ticket: SupportTicket) => {
    queryClient.setQueryData(supportKeys.ticket(id), ticket);
    void queryClient.invalidateQueries({ queryKey: [...supportKeys.all(), 'list'] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
  };
}

/** Answers a ticket: the answer is mailed to the sender and kept on the ticket; `close` closes it too. */
export function useReplyTicket(id: number) {
  const changed = useTicketChanged(id);
  return useMutation({
    mutationFn: (reply: { message: string; close: boolean }) =>
      api.post<SupportTicket>(`/api/admin/support/tickets/${id}/reply`, reply),
    onSuccess: changed,
  });
}

/** Closes a ticket without answering. */
export function useCloseTicket(id: number) {
  const changed = useTicketChanged(id);
  return useMutation({
    mutationFn: () => api.post<SupportTicket>(`/api/admin/support/tickets/${id}/close`),
    onSuccess: changed,
  });
}
