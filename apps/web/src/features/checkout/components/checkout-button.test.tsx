import type { Cart } from '@keyland/core/schemas/cart';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
