import type { Cart } from '@keyland/core/schemas/cart';
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '#src/features/checkout/api/checkout.ts';
import { api } from '#src/lib/api-client.ts';
import { cartBaseKey } from '#src/lib/query-keys.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CheckoutButton } from './checkout-button.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cart: Cart = {
  order_id: 5,
  items: [
    {
      name: 'Lumen Drift',
      price_unit: 19.99,
      quantity: 1,
      total: 19.99,
      tax_percent: 24,
      wcs_product_id: 'kl-1',
      wcs_identifier: 'kl-1',
      providerId: 'kl-1',
      platform: 'Steam',
      cover: '',
      available: 5,
    },
  ],
  amount_untaxed: 16.12,
  amount_tax: 3.87,
  amount_total: 19.99,
  tax_percent: 24,
};

const consent = { text: 'I consent to immediate delivery.', timestamp: '2026-11-26T08:00:00.000Z' };

/** Starting the payment answers with this error. */
function refuseWith(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/create-checkout-session' ? json(status, body) : json(200, { order_id: 5, items: [] }),
    ),
  );
}

describe('starting the payment', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the refusal of a high-risk order with the support address the server filled in', async () => {
    const message =
      'We cannot accept this order online. Nothing has been charged. Our support team can help: support@keyland.example';
    refuseWith(403, { error: 'CHECKOUT_REFUSED', message });
    renderWithProviders(<CheckoutButton cart={cart} consent={consent} />);
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const alert = await screen.findByTestId('checkout-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(message);
  });

  it('puts the velocity cap into words from the language file, whatever the server wrote', async () => {
    refuseWith(429, { error: 'TOO_MANY_ORDERS', message: 'server wording' });
    renderWithProviders(<CheckoutButton cart={cart} consent={consent} />);
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'You have started too many orders or payments in a short time. Please try again in an hour.',
    );
  });
});

/** The cart as the cart panel reads it (under the shared cart key), with the checkout's button. */
function CartWithCheckout(): ReactNode {
  const cartQuery = useQuery({
    queryKey: [...cartBaseKey, 'ana@example.com'],
    queryFn: () => api.post<Cart>('/api/kl_api/get_order_cart_items', {}),
  });
  if (!cartQuery.data) return null;
  return (
    <>
      <p data-testid="total">{cartQuery.data.amount_total}</p>
      <CheckoutButton cart={cartQuery.data} consent={consent} />
    </>
  );
}

describe('starting the payment when the coupon no longer applies', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says the coupon was taken off and why, shows the new total and lets the customer go on', async () => {
    const withCoupon: Cart = {
      ...cart,
      amount_total: 17.99,
      coupon: {
        code: 'SPRING10',
        kind: 'percent',
        percentOff: 10,
        amount: null,
        discount: 2,
        limited: false,
      },
    };
    const leave = vi.spyOn(navigateTo, 'assign').mockImplementation(() => undefined);
    let cartReads = 0;
    let starts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/kl_api/get_order_cart_items') {
          cartReads += 1;
          // The server took the coupon off when it refused the payment.
          return json(200, cartReads === 1 ? withCoupon : { ...cart, coupon: null });
        }
        starts += 1;
        return starts === 1
          ? json(409, { error: 'COUPON_EXPIRED', message: 'server wording' })
          : json(200, { url: 'https://pay.example/s/1', order_id: 5 });
      }),
    );
    renderWithProviders(<CartWithCheckout />);
    expect((await screen.findByTestId('total')).textContent).toBe('17.99');

    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'This coupon has expired. The coupon was taken off your cart: check the new total, then check out again.',
    );
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('19.99'));
    expect(cartReads).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example/s/1'));
    expect(starts).toBe(2);
  });
});
