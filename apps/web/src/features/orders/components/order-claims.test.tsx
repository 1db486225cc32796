import type { CompletedOrder } from '@keyland/core/schemas/orders';
import type { KeyClaim } from '@keyland/core/schemas/support';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderCard } from './order-card.tsx';

const item = (title: string, keyId: number, code: string): CompletedOrder['items'][number] => ({
  title,
  price: 19.99,
  wcs_activation_key: code,
  platform: 'Steam',
  providerId: `kl-${keyId}`,
  key_id: keyId,
});

const claim = (id: number, keyId: number, title: string, extra: Partial<KeyClaim>): KeyClaim => ({
  id,
  orderId: 51,
  keyId,
  title,
  platform: 'Steam',
  reason: 'already_used',
  note: null,
  status: 'open',
  outcome: null,
  rejectReason: null,
  refunded: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  resolvedAt: null,
  ...extra,
});

const order: CompletedOrder = {
  id: 51,
  date: '2026-11-26T08:00:00.000Z',
  items: [item('Lumen Drift', 1, 'AAAAA-BBBBB-CCCCC'), item('Harbor Lights', 2, 'DDDDD-EEEEE-FFFFF')],
  total: 39.98,
  amount_untaxed: 32.24,
  amount_tax: 7.74,
  tax_percent: 24,
  status: 'paid',
  invoice_id: null,
  pending_items: [],
  withdrawable: false,
  claims: [
    claim(1, 1, 'Lumen Drift', {}),
    claim(2, 9, 'Old Tides', { status: 'rejected', rejectReason: 'The key was redeemed before the report.' }),
    claim(3, 8, 'Night Bloom', { status: 'refunded', refunded: 12.5 }),
    claim(4, 7, 'Pale Moon', { status: 'replaced', outcome: 'replaced', reason: 'wrong_region' }),
  ],
};

describe("an order's problem reports", () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('lists each report with its game, date, state, and the reason of a rejection', () => {
    renderWithProviders(<OrderCard order={order} />);
    const section = screen.getByRole('region', { name: 'Problem reports' });
    const rows = within(section).getAllByTestId('order-claim');
    expect(rows).toHaveLength(4);
    expect(rows[0]?.textContent).toContain('Lumen Drift: reported on Nov 27, 2026');
    expect(rows.map((row) => within(row).getByTestId('claim-status').textContent)).toEqual([
      'Being checked',
      'Not accepted',
      'Refunded: €12.50',
      'Replaced with a new key',
    ]);
    expect(within(rows[1] as HTMLElement).getByTestId('claim-reject-reason').textContent).toBe(
      'Reason: The key was redeemed before the report.',
    );
    expect(within(rows[3] as HTMLElement).getByText('It is not valid in my region')).toBeTruthy();
    expect(within(section).getAllByTestId('claim-reject-reason')).toHaveLength(1);
  });

  it('a key with an open report shows that it is being checked instead of the report button', () => {
    renderWithProviders(<OrderCard order={order} />);
    const [lumen, harbor] = screen.getAllByTestId('order-item') as [HTMLElement, HTMLElement];
    expect(within(lumen).queryByRole('button', { name: /Report a problem/ })).toBeNull();
    expect(within(lumen).getByTestId('claim-status').textContent).toBe('Being checked');
    expect(
      within(harbor).getByRole('button', { name: 'Report a problem with the key of Harbor Lights' }),
    ).toBeTruthy();
    expect(within(harbor).queryByTestId('claim-status')).toBeNull();
  });

  it('an order without reports has no such section, and a key without an id no button', () => {
    const { key_id: _id, ...noId } = order.items[0] as CompletedOrder['items'][number];
    renderWithProviders(<OrderCard order={{ ...order, items: [noId], claims: [] }} />);
    expect(screen.queryByRole('region', { name: 'Problem reports' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Report a problem/ })).toBeNull();
  });
});
