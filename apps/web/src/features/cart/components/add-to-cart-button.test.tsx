import type { Cart } from '@keyland/core/schemas/cart';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItem } from '#src/features/cart/testing/cart-fixtures.ts';
import { dismissCartNotice, useCartUi } from '#src/features/cart/utils/cart-ui-store.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';

const WARNING = 'Lumen Drift may not activate in your account’s country. Its keys activate in: Spain.';

const cart: Cart = {
  order_id: 7,
  items: [
    cartItem({
      price_unit: 19.99,
      total: 19.99,
      activation: { scope: 'countries', countries: ['ES'] },
      activates_here: false,
    }),
  ],
  amount_untaxed: 16.12,
  amount_tax: 3.87,
  amount_total: 19.99,
  tax_percent: 24,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The add route asks for the region confirmation until the body carries it; every body is kept. */
function stubAddRoute() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/kl_api/add_or_update_order_line')
        return json({ error: 'UNAUTHENTICATED', message: 'x' }, 401);
      const body = JSON.parse(String(init?.body)) as { region_confirmed?: boolean };
      bodies.push(body);
      return body.region_confirmed
        ? json(cart)
        : json({ error: 'REGION_CONFIRMATION_REQUIRED', message: WARNING }, 409);
    }),
  );
  return bodies;
}

/** The cart's notice, as the floating cart would show it. */
function CartNoticeProbe() {
  const { notice } = useCartUi();
  return <p data-testid="cart-notice">{notice ? `${notice.tone}: ${notice.message}` : ''}</p>;
}

function renderButton() {
  renderWithProviders(
    <>
      <AddToCartButton productId="p-lumen" title="Lumen Drift" />
      <CartNoticeProbe />
    </>,
  );
  return screen.getByRole('button', { name: 'Add to cart: Lumen Drift' });
}

describe('adding a key that may not activate in the customer’s country', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    dismissCartNotice();
    vi.unstubAllGlobals();
  });

  it('asks first, with the server’s words, and adds it with the confirmation when confirmed', async () => {
    const bodies = stubAddRoute();
    fireEvent.click(renderButton());

    const dialog = await screen.findByRole('dialog', { name: 'This key may not work in your country' });
    expect(within(dialog).getByText(WARNING)).toBeTruthy();
    expect(screen.getByTestId('cart-notice').textContent).toBe('');
    expect(bodies).toEqual([{ cws_product_id: 'p-lumen' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add it anyway' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ cws_product_id: 'p-lumen', region_confirmed: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('cart-notice').textContent).toBe('success: “Lumen Drift” added to the cart'),
    );
  });

  it('adds nothing when the customer declines, and gives the focus back to the button', async () => {
    const bodies = stubAddRoute();
    const button = renderButton();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'This key may not work in your country' });
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't add" }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toHaveLength(1);
    expect(document.activeElement).toBe(button);
    expect(screen.getByTestId('cart-notice').textContent).toBe('');
  });
});
