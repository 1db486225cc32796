import type { Cart, CartItem } from '@keyland/core/schemas/cart';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItem } from '#src/features/cart/testing/cart-fixtures.ts';
import { dismissCartNotice, setCartOpen } from '#src/features/cart/utils/cart-ui-store.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CartDialog } from './cart-dialog.tsx';

/** Two games, €30.00, no coupon. */
const plainCart: Cart = {
  order_id: 7,
  items: [cartItem(), cartItem({ name: 'Kühle Tiefen', wcs_product_id: 'p-kt', price_unit: 10, total: 10 })],
  amount_untaxed: 24.19,
  amount_tax: 5.81,
  amount_total: 30,
  tax_percent: 24,
  coupon: null,
  coupon_removed: null,
};

/** SPRING10 takes 10 % off Lumen Drift only: €28.00. */
const couponCart: Cart = {
  ...plainCart,
  items: [cartItem({ total: 18, coupon_discount: 2 }), plainCart.items[1] as CartItem],
  amount_untaxed: 22.58,
  amount_tax: 5.42,
  amount_total: 28,
  coupon: { code: 'SPRING10', kind: 'percent', percentOff: 10, amount: null, discount: 2, limited: true },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (body: unknown) => Response;

/** A logged-in customer whose cart reads `first`; each other call answers with its route. */
function stubApi(first: Cart, routes: Record<string, Route>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url === '/api/kl_api/user_online')
        return json({
          user: { email: 'ana@example.com', country: 1, kl_user_role: 'user', kl_email_verified: true },
        });
      if (url === '/api/kl_api/get_order_cart_items') return json(first);
      const route = routes[url];
      return route ? route(body) : json({ error: 'NOT_FOUND', message: 'x' }, 404);
    }),
  );
  return calls;
}

async function openCart() {
  act(() => setCartOpen(true));
  renderWithProviders(
    <CartDialog returnFocusTo={createRef()} renderCheckout={() => <button type="button">Pay</button>} />,
  );
  return screen.findByTestId('cart-totals');
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function typeCode(code: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Have a coupon code?' }));
  const field = screen.getByRole('textbox', { name: 'Coupon code' });
  fireEvent.change(field, { target: { value: code } });
  return field;
}

describe('a coupon in the cart', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    act(() => {
      setCartOpen(false);
      dismissCartNotice();
    });
    vi.unstubAllGlobals();
  });

  it('applies a code with Enter and shows its line, the games it counts for and the new total', async () => {
    const calls = stubApi(plainCart, { '/api/kl_api/apply_coupon': () => json(couponCart) });
    await openCart();
    expect(screen.getByTestId('cart-total').textContent).toBe('€30.00');

    const field = await typeCode(' spring10 ');
    fireEvent.submit(field);

    const line = await screen.findByTestId('cart-coupon');
    expect(calls.find((call) => call.url === '/api/kl_api/apply_coupon')?.body).toEqual({ code: 'spring10' });
    expect(within(line).getByText('Coupon SPRING10 (−10%)')).toBeTruthy();
    expect(screen.getByTestId('cart-coupon-discount').textContent).toBe('−€2.00');
    expect(within(line).getByText('Applies to some games only')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('€28.00');
    const discounts = screen.getAllByTestId('cart-line-coupon');
    expect(discounts.map((node) => node.textContent)).toEqual(['Coupon −€2.00']);
    // The focus follows the customer's action to the coupon's Remove button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove coupon SPRING10' }));
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
  });

  it('says why a code is refused under the field, in the interface language, and keeps the text', async () => {
    stubApi(plainCart, {
      '/api/kl_api/apply_coupon': () => json({ error: 'COUPON_EXPIRED', message: 'server wording' }, 409),
    });
    await openCart();
    const field = await typeCode('OLD2024');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(String(field.getAttribute('aria-describedby')));
    expect(error?.textContent).toBe('This coupon has expired.');
    expect((field as HTMLInputElement).value).toBe('OLD2024');
    expect(screen.queryByTestId('cart-coupon')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('€30.00');
  });

  it('shows the minimum basket as the server worded it, and says when too many codes were wrong', async () => {
    let answer = json(
      { error: 'COUPON_MIN_BASKET', message: 'This coupon needs a basket of at least €50.00.' },
      409,
    );
    stubApi(plainCart, { '/api/kl_api/apply_coupon': () => answer });
    await openCart();
    const field = await typeCode('BIG50');
    fireEvent.submit(field);
    const describedBy = () => document.getElementById(String(field.getAttribute('aria-describedby')));
    await waitFor(() =>
      expect(describedBy()?.textContent).toBe('This coupon needs a basket of at least €50.00.'),
    );

    answer = json({ error: 'RATE_LIMITED', message: 'Too many attempts.' }, 429);
    fireEvent.submit(field);
    await waitFor(() =>
      expect(describedBy()?.textContent).toBe(
        'Too many wrong codes in a short time. Wait a few minutes, then try again.',
      ),
    );
  });

  it('asks for a code before sending an empty one', async () => {
    const calls = stubApi(plainCart, {});
    await openCart();
    const field = await typeCode('   ');
    fireEvent.submit(field);
    expect(document.getElementById(String(field.getAttribute('aria-describedby')))?.textContent).toBe(
      'Enter a coupon code.',
    );
    expect(calls.some((call) => call.url === '/api/kl_api/apply_coupon')).toBe(false);
  });

  it('removes the coupon: the line goes, the total comes back and the focus returns to the form', async () => {
    const calls = stubApi(couponCart, { '/api/kl_api/remove_coupon': () => json(plainCart) });
    await openCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove coupon SPRING10' }));

    await waitFor(() => expect(screen.queryByTestId('cart-coupon')).toBeNull());
    expect(calls.find((call) => call.url === '/api/kl_api/remove_coupon')?.body).toBeUndefined();
    expect(screen.getByTestId('cart-total').textContent).toBe('€30.00');
    expect(screen.queryByTestId('cart-line-coupon')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Have a coupon code?' }));
  });

  it('says when a change of the cart took the coupon off, and why', async () => {
    stubApi(couponCart, {
      '/api/kl_api/remove_order_line': () =>
        json({
          ...plainCart,
          items: [plainCart.items[1]],
          amount_untaxed: 8.06,
          amount_tax: 1.94,
          amount_total: 10,
          coupon_removed: { code: 'SPRING10', reason: 'COUPON_NOT_APPLICABLE' },
        }),
    });
    await openCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lumen Drift from the cart' }));

    const notice = await screen.findByTestId('notice');
    expect(notice.closest('[role="alert"]')).toBeTruthy();
    expect(notice.textContent).toContain(
      'Coupon SPRING10 was taken off your cart. None of the games in your cart can be bought with this coupon.',
    );
    await waitFor(() => expect(screen.queryByTestId('cart-coupon')).toBeNull());
    expect(plain(screen.getByTestId('cart-total').textContent)).toBe('€10.00');
  });

  it('words a minimum basket that is no longer reached without the amount only the server knows', async () => {
    stubApi(couponCart, {
      '/api/kl_api/update_order_line_quantity': () =>
        json({ ...plainCart, coupon_removed: { code: 'BIG50', reason: 'COUPON_MIN_BASKET' } }),
    });
    await openCart();
    fireEvent.click(await screen.findByRole('button', { name: 'One key more of Kühle Tiefen' }));
    expect((await screen.findByTestId('notice')).textContent).toContain(
      "Coupon BIG50 was taken off your cart. Your cart is now below this coupon's minimum.",
    );
  });
});
