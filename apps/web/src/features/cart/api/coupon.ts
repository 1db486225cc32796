import type { Cart } from '@keyland/core/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryOptions, receiveCart } from '#src/features/cart/api/cart.ts';
import { showCartNotice } from '#src/features/cart/utils/cart-ui-store.ts';
import { api, getErrorMessage } from '#src/lib/api-client.ts';
import { i18n } from '#src/lib/i18n.ts';
import { useSession } from '#src/lib/session.ts';

/** The cart's query key for the logged-in customer. */
function useCartKey() {
  const { user } = useSession();
  return cartQueryOptions(user?.email ?? '').queryKey;
}

/**
 * Applies a coupon code to the cart; the server's answer (the cart priced with it) replaces the cart. A
 * refused code leaves the cart as it was: the form shows why; an accepted one is confirmed in the cart's
 * notice. Runs after the cart changes on their way.
 */
export function useApplyCoupon() {
  const queryClient = useQueryClient();
  const queryKey = useCartKey();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: (code: string) => api.post<Cart>('/api/kl_api/apply_coupon', { code }),
    onSuccess: (cart) => {
      receiveCart(queryClient, queryKey, cart);
      if (cart.coupon && !cart.coupon_removed) {
        showCartNotice('success', i18n.t('coupon.applied', { code: cart.coupon.code }));
      }
    },
  });
}

/** Takes the coupon off the cart; a failure shows in the cart's notice and the cart is read again. */
export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  const queryKey = useCartKey();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: () => api.post<Cart>('/api/kl_api/remove_coupon'),
    onSuccess: (cart) => receiveCart(queryClient, queryKey, cart),
    onError: (error) => {
      showCartNotice('error', getErrorMessage(error));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
