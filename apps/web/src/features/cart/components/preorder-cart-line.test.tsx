import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cartItem } from '#src/features/cart/testing/cart-fixtures.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { CartLine } from './cart-line.tsx';

const preorder = cartItem({ preorder_release: '2027-03-05', available: 0, quantity: 2 });

describe('a pre-order in the cart', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('says it is a pre-order and the day it is delivered, and allows more than the keys in stock', () => {
    renderWithProviders(
      <ul>
        <CartLine item={preorder} onChangeQuantity={() => {}} onRemove={() => {}} />
      </ul>,
    );
    expect(screen.getByTestId('preorder-note').textContent).toBe('Pre-order, delivered on Mar 5, 2027');
    expect(screen.getByRole('button', { name: 'One key more of Lumen Drift' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('says nothing of pre-orders on an ordinary line', () => {
    renderWithProviders(
      <ul>
        <CartLine item={cartItem()} onChangeQuantity={() => {}} onRemove={() => {}} />
      </ul>,
    );
    expect(screen.queryByTestId('preorder-note')).toBeNull();
  });

  it('names the delivery day on the button that pre-orders', () => {
    renderWithProviders(<AddToCartButton productId="p-1" title="Lumen Drift" preorderRelease="2027-03-05" />);
    const button = screen.getByTestId('add-to-cart');
    expect(button.textContent).toBe('Pre-order — delivered on Mar 5, 2027');
    expect(button.getAttribute('aria-label')).toBe('Pre-order — delivered on Mar 5, 2027: Lumen Drift');
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
