import type { GiftState, ResendGiftRequest } from '@keyland/core/schemas/gifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { ordersBaseKey } from '#src/lib/query-keys.ts';

export type { GiftState };

/**
 * The buyer corrects a gift's recipient before it is opened (`resendGift`): a scheduled gift keeps its day,
 * a sent one goes again at once with a new link. The history is read again afterwards.
 */
export function useResendGift(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResendGiftRequest) => api.post<GiftState>(`/api/orders/${orderId}/gift/resend`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersBaseKey }),
  });
}
