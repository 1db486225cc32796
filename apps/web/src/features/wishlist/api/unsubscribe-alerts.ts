import type { Unsubscribed } from '@keyland/core/schemas/wishlist';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#src/lib/api-client.ts';

/** Turns off every wishlist alert of the customer an alert mail went to, with its link's token; no login. */
export function unsubscribeAlerts(token: string): Promise<Unsubscribed> {
  return apiRequest<Unsubscribed>(`/api/wishlist/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
  });
}

export function useUnsubscribeAlerts() {
  return useMutation({ mutationFn: unsubscribeAlerts });
}
