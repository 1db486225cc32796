import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '#src/lib/query-keys.ts';
import type { Session } from '#src/lib/session.ts';
import { senderQueryOptions, supportContactQueryOptions, supportOrdersQueryOptions } from './support-api.ts';

/**
 * Starts reading what a legal page shows of support while its code loads: the support address, and on the
 * contact page a logged-in customer's name and orders for the form.
 */
export function prefetchSupport(queryClient: QueryClient, { form = false }: { form?: boolean } = {}): void {
  void queryClient.prefetchQuery(supportContactQueryOptions());
  const email = queryClient.getQueryData<Session>(sessionQueryKey)?.user?.email;
  if (!form || !email) return;
  void queryClient.prefetchQuery(senderQueryOptions(email));
  void queryClient.prefetchQuery(supportOrdersQueryOptions(email));
}
