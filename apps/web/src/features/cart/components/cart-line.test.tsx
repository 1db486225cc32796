import type { CartItem } from '@keyland/core/schemas/cart';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartItem } from '#src/features/cart/testing/cart-fixtures.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CartLine } from './cart-line.tsx';

const item = cartItem({ activation: { scope: 'countries', countries: ['ES', 'PT'] }, activates_here: false });

const renderLine = (line: CartItem) =>
  renderWithProviders(
    <ul>
      <CartLine item={line} onChangeQuantity={() => {}} onRemove={() => {}} />
    </ul>,
  );

describe('a cart line whose key may not activate in the customer’s country', () => {
  afterEach(cleanup);

  it('says where it activates, in the interface language', async () => {
    await setupI18n('en');
    renderLine(item);
    expect(screen.getByTestId('cart-line-region').textContent).toBe('Activates only in: Spain and Portugal');
  });

  it('names the EU and EEA for an EU key, and says nothing when the key activates here', async () => {
    await setupI18n('en');
    renderLine({ ...item, activation: { scope: 'eu', countries: [] } });
    expect(screen.getByTestId('cart-line-region').textContent).toBe(
      'Activates only in: The whole EU and EEA',
    );
    cleanup();
    renderLine({ ...item, activates_here: true });
    expect(screen.queryByTestId('cart-line-region')).toBeNull();
  });
});
