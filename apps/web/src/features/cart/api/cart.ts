import type { Cart } from '@keyland/core/schemas/cart';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { addOneKey, changeLineQuantity, removeLine } from '#src/features/cart/utils/cart-math.ts';
import { showCartNotice } from '#src/features/cart/utils/cart-ui-store.ts';
import { couponRemovedMessage } from '#src/features/cart/utils/coupon-texts.ts';
import { ApiError, api, getErrorMessage } from '#src/lib/api-client.ts';
import { i18n } from '#src/lib/i18n.ts';
import { cartBaseKey } from '#src/lib/query-keys.ts';
import { useSession } from '#src/lib/session.ts';

/**
 * A cart answer that says the server took the coupon off (it expired, its limit was reached, the basket
 * fell below its minimum…): the cart's notice says so and why. The server says it once, in the answer
 * of the call that changed the cart.
 */
export function announceCouponRemoved(cart: Cart): Cart {
  if (cart.coupon_removed) showCartNotice('error', couponRemovedMessage(cart.coupon_removed, i18n.t));
  return cart;
}

/** A cart the server answered with becomes the cart on screen. */
export function receiveCart(queryClient: QueryClient, queryKey: QueryKey, cart: Cart): void {
  queryClient.setQueryData(queryKey, announceCouponRemoved(cart));
}

export function cartQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...cartBaseKey, email],
    queryFn: ({ signal }) =>
      api.post<Cart>('/api/kl_api/get_order_cart_items', {}, { signal }).then(announceCouponRemoved),
    staleTime: 30_000,
  });
}

/** The logged-in customer's cart (the draft order); nothing is asked for a visitor. */
export function useCart() {
  const { user } = useSession();
  const email = user?.email ?? '';
  return useQuery({ ...cartQueryOptions(email), enabled: email !== '' });
}

type CartChange =
  | {
      kind: 'add';
      productId: string;
      title: string;
      /** The customer confirmed a key that may not activate in their country (asked after a 409). */
      regionConfirmed?: boolean;
    }
  | { kind: 'quantity'; productId: string; delta: 1 | -1 }
  | { kind: 'remove'; productId: string };

function send(change: CartChange): Promise<Cart> {
  switch (change.kind) {
    case 'add':
      return api.post<Cart>('/api/kl_api/add_or_update_order_line', {
        cws_product_id: change.productId,
        ...(change.regionConfirmed ? { region_confirmed: true } : {}),
      });
    case 'quantity':
      return api.post<Cart>('/api/kl_api/update_order_line_quantity', {
        cws_product_id: change.productId,
        delta: change.delta,
      });
    case 'remove':
      return api.post<Cart>('/api/kl_api/remove_order_line', { cws_product_id: change.productId });
  }
}

/**
 * The server's question before adding a key that may not activate in the customer's country: not a
 * refusal, so the adding button asks for a confirmation instead of showing an error.
 */
export function needsRegionConfirmation(error: unknown): error is ApiError {
  return error instanceof ApiError && error.error === 'REGION_CONFIRMATION_REQUIRED';
}

function applyLocally(cart: Cart, change: CartChange): Cart {
  switch (change.kind) {
    case 'add':
      return addOneKey(cart, change.productId, change.title);
    case 'quantity':
      return changeLineQuantity(cart, change.productId, change.delta);
    case 'remove':
      return removeLine(cart, change.productId);
  }
}

/**
 * Changes the cart: the change shows at once, the server's answer (its priced cart) replaces it, and a
 * refused change is rolled back with the server's message (a key that needs the customer's region
 * confirmation is rolled back silently: its button asks). Changes run one after the other.
 */
export function useCartChange() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const queryKey = cartQueryOptions(user?.email ?? '').queryKey;

  return useMutation({
    scope: { id: 'cart' },
    mutationFn: send,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, applyLocally(previous, change));
      return { previous };
    },
    onSuccess: (cart) => receiveCart(queryClient, queryKey, cart),
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      if (!needsRegionConfirmation(error)) showCartNotice('error', getErrorMessage(error));
      // Whatever happened on the way, read the server's cart again.
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
