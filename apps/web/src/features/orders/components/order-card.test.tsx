import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderCard } from './order-card.tsx';

const held: CompletedOrder = {
  id: 31,
  date: '2026-11-26T08:00:00.000Z',
  items: [],
  total: 39.98,
  amount_untaxed: 32.24,
  amount_tax: 7.74,
  tax_percent: 24,
  status: 'held_for_review',
  review_hours: 24,
  invoice_id: null,
  pending_items: [
    { title: 'Lumen Drift', platform: 'Steam', quantity: 2 },
    { title: 'Harbor Lights', platform: 'GOG', quantity: 1 },
  ],
  withdrawable: false,
};

describe('a held order in the purchase history', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('says it is being checked, lists its lines as pending and shows no key', () => {
    renderWithProviders(<OrderCard order={held} />);
    const notice = screen.getByTestId('order-held');
    expect(within(notice).getByText('Being checked — usually within 24 hours')).toBeTruthy();
    expect(within(notice).getByText(/to protect our customers from card fraud/)).toBeTruthy();
    expect(within(notice).getByText('Not delivered yet')).toBeTruthy();
    const pending = within(notice).getAllByTestId('order-pending-item');
    expect(pending.map((item) => item.textContent)).toEqual([
      '2 × Lumen Drift · Steam',
      '1 × Harbor Lights · GOG',
    ]);
    expect(screen.queryByTestId('activation-key')).toBeNull();
    expect(screen.queryByTestId('order-item')).toBeNull();
  });

  it('cannot be hidden or withdrawn from while it is checked', () => {
    renderWithProviders(<OrderCard order={held} />);
    expect(screen.queryByRole('button', { name: 'Delete order #31' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw from contract/ })).toBeNull();
  });

  it('says "hour" for a one-hour review', () => {
    renderWithProviders(<OrderCard order={{ ...held, review_hours: 1 }} />);
    expect(screen.getByText('Being checked — usually within 1 hour')).toBeTruthy();
  });
});

describe('an order whose delayed payment is settling', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  const processing: CompletedOrder = {
    ...held,
    id: 32,
    status: 'payment_processing',
    review_hours: undefined,
    pending_items: [{ title: 'Lumen Drift', platform: 'Steam', quantity: 1 }],
  };

  it('says the payment is processing, lists its lines as kept, and offers no key, deletion or withdrawal', () => {
    renderWithProviders(<OrderCard order={processing} />);
    const notice = screen.getByTestId('order-payment-processing');
    expect(within(notice).getByText('Payment processing')).toBeTruthy();
    expect(within(notice).getByText(/Your bank has not confirmed the payment yet/)).toBeTruthy();
    expect(
      within(notice)
        .getAllByTestId('order-pending-item')
        .map((i) => i.textContent),
    ).toEqual(['1 × Lumen Drift · Steam']);
    expect(screen.queryByTestId('order-held')).toBeNull();
    expect(screen.queryByTestId('activation-key')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete order #32' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw from contract/ })).toBeNull();
  });
});

describe('an order whose invoice is being numbered', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  const paid: CompletedOrder = {
    ...held,
    status: 'paid',
    pending_items: [],
    items: [
      {
        title: 'Lumen Drift',
        price: 19.99,
        wcs_activation_key: 'AAAAA-BBBBB-CCCCC',
        platform: 'Steam',
        providerId: 'p1',
      },
    ],
  };

  it('shows the keys at once and says the invoice comes in a moment, then offers it', () => {
    renderWithProviders(<OrderCard order={{ ...paid, invoice_pending: true }} />);
    expect(screen.getByTestId('invoice-pending').textContent).toBe(
      'Your invoice is being issued and will appear here in a moment.',
    );
    expect(screen.queryByTestId('invoice-link')).toBeNull();
    expect(screen.getByTestId('activation-key')).toBeTruthy();
    cleanup();
    renderWithProviders(<OrderCard order={{ ...paid, invoice_id: 7 }} />);
    expect(screen.queryByTestId('invoice-pending')).toBeNull();
    expect(screen.getByTestId('invoice-link').textContent).toBe('Invoice (PDF)');
  });
});
