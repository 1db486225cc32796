import type { GiftRequest } from '@keyland/core/gift-rules';
import type { Cart } from '@keyland/core/schemas/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveCheckoutSummary } from '#src/features/checkout/utils/checkout-storage.ts';
import { ApiError, api } from '#src/lib/api-client.ts';
import { cartBaseKey } from '#src/lib/query-keys.ts';

export interface Consent {
  text: string;
  timestamp: string;
}

interface CheckoutSessionAnswer {
  url: string;
  order_id: number;
}

export interface DeliveredKey {
  title: string;
  code: string;
  platform: string;
}

export interface CreateOrderAnswer {
  success: boolean;
  data: DeliveredKey[];
  order_id?: number;
  /** Paid, but held for a person's review: no keys yet; they follow by e-mail within `review_hours`. */
  held?: boolean;
  review_hours?: number;
  /** Paid with a delayed method (bank debit, transfer): no keys until it settles; kept `hold_days`. */
  processing?: boolean;
  hold_days?: number;
  /** A paid pre-order: the day its key is delivered (YYYY-MM-DD); no keys until then. */
  preorder_release?: string;
  /** A paid gift: its keys go to the recipient on `gift_deliver_on` (null: now), never shown to the buyer. */
  gift?: boolean;
  gift_deliver_on?: string | null;
  error?: string;
  message?: string;
}

/**
 * Starting the payment re-checks the cart's coupon: one that no longer applies (expired, limit reached,
 * basket too small…) is answered 409 with its code, the server having already taken it off the cart.
 */
export function couponWasRemoved(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.error.startsWith('COUPON_');
}

/** Leaves for the payment provider's page (a full page load, so tests can replace it). */
export const navigateTo = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Starts payment: the server reserves the keys, records the consent (and the gift, when the order is one)
 * and answers the hosted payment page, where the browser goes. The summary is stored first, for /checkout.
 */
export function useStartCheckout(cart: Cart | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ consent, gift }: { consent: Consent; gift?: GiftRequest | null | undefined }) =>
      api.post<CheckoutSessionAnswer>('/api/create-checkout-session', { consent, ...(gift ? { gift } : {}) }),
    onSuccess: ({ url, order_id }) => {
      if (cart) {
        saveCheckoutSummary(
          {
            orderId: order_id,
            date: new Date().toISOString(),
            items: cart.items.map((item) => ({
              title: item.name,
              platform: item.platform,
              quantity: item.quantity,
              price: item.price_unit,
              total: item.total,
            })),
            ...(cart.coupon ? { coupon: { code: cart.coupon.code, discount: cart.coupon.discount } } : {}),
            subtotal: cart.amount_untaxed,
            tax: cart.amount_tax,
            taxPercent: cart.tax_percent,
            total: cart.amount_total,
          },
          cart,
        );
      }
      navigateTo.assign(url);
    },
    onError: () => {
      // A short line, a price change or a coupon taken off: show the cart as the server now sees it.
      void queryClient.invalidateQueries({ queryKey: cartBaseKey });
    },
  });
}

export function createOrder(sessionId: string, signal?: AbortSignal): Promise<CreateOrderAnswer> {
  return api.post<CreateOrderAnswer>('/api/kl_api/createOrder', { sessionId }, { signal });
}

export function cancelCheckout(): Promise<unknown> {
  return api.post('/api/kl_api/cancel_checkout');
}
