import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderCard } from './order-card.tsx';

const preorder: CompletedOrder = {
  id: 52,
  date: '2026-11-26T08:00:00.000Z',
  items: [],
  total: 59.99,
  amount_untaxed: 48.38,
  amount_tax: 11.61,
  tax_percent: 24,
  status: 'awaiting_keys',
  invoice_id: 7,
  pending_items: [
    { title: 'Starfall Tactics', platform: 'Steam', quantity: 1, preorder_release: '2027-03-05' },
  ],
  withdrawable: true,
};

describe('a pre-order in the purchase history', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('says it is a pre-order and its delivery day, and may be withdrawn from until then', () => {
    renderWithProviders(<OrderCard order={preorder} />);
    const waiting = screen.getByTestId('order-awaiting');
    expect(within(waiting).getByTestId('order-preorder').textContent).toBe(
      'Pre-order, delivered on Mar 5, 2027',
    );
    expect(waiting.textContent).toContain('Until then you may withdraw from the order');
    expect(waiting.textContent).not.toContain('Waiting for keys');
    expect(
      within(waiting)
        .getAllByTestId('order-pending-item')
        .map((item) => item.textContent),
    ).toEqual(['1 × Starfall Tactics · Steam']);
    expect(within(waiting).getByRole('button', { name: /Withdraw from contract/ })).toBeTruthy();
    expect(screen.queryByTestId('activation-key')).toBeNull();
  });

  it('keeps the supplier’s wording for an order waiting for supplier keys', () => {
    renderWithProviders(
      <OrderCard
        order={{
          ...preorder,
          pending_items: [{ title: 'Starfall Tactics', platform: 'Steam', quantity: 1 }],
        }}
      />,
    );
    const waiting = screen.getByTestId('order-awaiting');
    expect(within(waiting).queryByTestId('order-preorder')).toBeNull();
    expect(waiting.textContent).toContain('Waiting for keys');
  });
});
