import type { Cart } from '@keyland/core/schemas/cart';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CartTotals } from './cart-totals.tsx';

const cart: Cart = {
  order_id: 1,
  items: [],
  amount_untaxed: 14.49,
  amount_tax: 3.48,
  amount_total: 17.97,
  tax_percent: 24,
};

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('CartTotals', () => {
  afterEach(cleanup);

  it('shows subtotal, the VAT line with its rate and the total, in English', async () => {
    await setupI18n('en');
    renderWithProviders(<CartTotals cart={cart} />);
    expect(screen.getByText('Subtotal (excl. VAT)')).toBeTruthy();
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('€14.49');
    expect(screen.getByText('VAT (24%)')).toBeTruthy();
    expect(screen.getByTestId('cart-vat').textContent).toBe('€3.48');
    expect(screen.getByTestId('cart-total').textContent).toBe('€17.97');
  });

  it('follows the interface language (Spanish)', async () => {
    await setupI18n('es');
    renderWithProviders(<CartTotals cart={cart} />);
    expect(screen.getByText('Subtotal (sin IVA)')).toBeTruthy();
    expect(plain(screen.getByText(/^IVA/).textContent)).toBe('IVA (24 %)');
    expect(plain(screen.getByTestId('cart-total').textContent)).toBe('17,97 €');
  });
});
