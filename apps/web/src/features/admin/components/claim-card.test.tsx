import type { AdminClaim } from '@keyland/core/schemas/support';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ClaimCard } from './claim-card.tsx';

const openClaim: AdminClaim = {
  id: 7,
  orderId: 41,
  keyId: 301,
  title: 'Lumen Drift',
  platform: 'Steam',
  reason: 'already_used',
  note: 'Steam says the code was already redeemed.',
  status: 'open',
  outcome: null,
  rejectReason: null,
  refunded: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  resolvedAt: null,
  orderStatus: 'paid',
  deliveredAt: '2026-11-20T08:55:00.000Z',
  hasScreenshot: true,
  supplierGame: true,
  available: 3,
  overdue: true,
  resolveBy: '2026-11-22T09:00:00.000Z',
  refundAmount: 19.99,
  supplierReport: null,
  customer: { id: 5, email: 'ana@example.com', fullName: 'Ana García', paidOrders: 4, recentClaims: 2 },
  keyAccess: [
    { action: 'reveal', at: '2026-11-20T08:56:00.000Z', ip: '203.0.113.9' },
    { action: 'copy', at: '2026-11-20T08:56:30.000Z', ip: null },
  ],
};

const closed = (changes: Partial<AdminClaim>): AdminClaim => ({
  ...openClaim,
  status: 'replaced',
  overdue: false,
  resolvedAt: '2026-11-21T10:00:00.000Z',
  ...changes,
});

const renderCard = (claim: AdminClaim) =>
  renderWithProviders(
    <ClaimCard
      claim={claim}
      focusAfter={() => {
        /* nothing to focus in a lone card */
      }}
    />,
  );

describe('a claim card', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('shows an open, overdue claim with its evidence, the customer and the four decisions', () => {
    renderCard(openClaim);
    const card = screen.getByTestId('claim-card');
    expect(card.getAttribute('data-overdue')).toBe('true');
    expect(within(card).getByRole('heading', { name: 'Claim #7' })).toBeTruthy();
    expect(within(card).getByTestId('claim-overdue').textContent).toBe('Overdue');
    expect(within(card).getByTestId('claim-game').textContent).toBe('Lumen Drift · Steam');
    expect(within(card).getByTestId('claim-reason').textContent).toBe('Key already used');
    expect(within(card).getByTestId('claim-note').textContent).toBe(
      'Steam says the code was already redeemed.',
    );
    expect(within(card).getByTestId('claim-deadline').textContent).toMatch(
      /^Overdue: it should have been resolved by /,
    );

    const shot = within(card).getByTestId('claim-screenshot');
    expect(shot.getAttribute('src')).toBe('/api/admin/claims/7/screenshot');
    fireEvent.click(within(card).getByRole('button', { name: 'Show the screenshot of claim #7 larger' }));
    const dialog = screen.getByRole('dialog', { name: 'Screenshot of claim #7' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/admin/claims/7/screenshot');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    const order = within(card).getByRole('link', { name: 'Order #41' });
    expect(order.getAttribute('href')).toBe('/admin/orders/41');
    expect(within(card).getByText('Paid')).toBeTruthy();
    expect(within(card).getByText('Ana García')).toBeTruthy();
    expect(within(card).getByText('ana@example.com')).toBeTruthy();
    expect(within(card).getByTestId('claim-recent-claims').textContent).toBe('2');
    expect(within(card).getByTestId('claim-stock').textContent).toBe('3');
    expect(within(card).getByTestId('claim-supplier-game').textContent).toBe('Yes');
    expect(
      within(card)
        .getAllByTestId('claim-access')
        .map((row) => row.textContent),
    ).toEqual([expect.stringMatching(/^Revealed.*IP 203\.0\.113\.9$/), expect.stringMatching(/^Copied/)]);

    expect(within(card).getByRole('button', { name: 'Replace the key of claim #7 from stock' })).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Buy a replacement key for claim #7 from the supplier' }),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Refund €19.99 for claim #7' }).textContent).toBe(
      'Refund €19.99',
    );
    expect(within(card).getByRole('button', { name: 'Reject claim #7' })).toBeTruthy();
    expect(within(card).queryByTestId('claim-outcome')).toBeNull();
  });

  it('explains why it cannot replace from stock, and offers no supplier purchase for a stock game', () => {
    renderCard({ ...openClaim, overdue: false, available: 0, supplierGame: false, hasScreenshot: false });
    const card = screen.getByTestId('claim-card');
    expect(card.getAttribute('data-overdue')).toBeNull();
    expect(within(card).queryByTestId('claim-overdue')).toBeNull();
    expect(within(card).getByTestId('claim-deadline').textContent).toMatch(/^Resolve by /);
    const replace = within(card).getByRole('button', { name: 'Replace the key of claim #7 from stock' });
    expect((replace as HTMLButtonElement).disabled).toBe(true);
    expect(replace.getAttribute('aria-describedby')).toBe(within(card).getByTestId('claim-no-stock').id);
    expect(within(card).getByTestId('claim-no-stock').textContent).toBe('No key of this game is in stock.');
    expect(within(card).queryByTestId('claim-supplier-replace')).toBeNull();
    expect(within(card).getByTestId('claim-supplier-game').textContent).toBe('No');
    expect(within(card).queryByTestId('claim-screenshot')).toBeNull();
    expect(within(card).getByText('No screenshot.')).toBeTruthy();
  });

  it('shows the outcome of a closed claim and no decision', () => {
    renderCard(closed({ outcome: 'supplier_replaced', supplierReport: 'listed' }));
    let outcome = screen.getByTestId('claim-outcome');
    expect(within(outcome).getByText('Replaced with a key bought from the supplier')).toBeTruthy();
    expect(within(outcome).getByTestId('claim-supplier-report').textContent).toBe(
      'Report this key to the supplier by hand: it was bought from them and does not work.',
    );
    expect(within(outcome).getByText(/^Closed /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
    expect(screen.queryByTestId('claim-deadline')).toBeNull();
    cleanup();

    renderCard(closed({ status: 'refunded', outcome: 'refunded', refunded: 19.99 }));
    outcome = screen.getByTestId('claim-outcome');
    expect(within(outcome).getByText('Refunded')).toBeTruthy();
    expect(within(outcome).getByText('Amount refunded: €19.99')).toBeTruthy();
    expect(within(outcome).queryByTestId('claim-supplier-report')).toBeNull();
    cleanup();

    renderCard(
      closed({ status: 'rejected', outcome: 'rejected', rejectReason: 'The key was redeemed by you.' }),
    );
    outcome = screen.getByTestId('claim-outcome');
    expect(within(outcome).getByText('Rejected')).toBeTruthy();
    expect(within(outcome).getByText('Reason: The key was redeemed by you.')).toBeTruthy();
    cleanup();

    renderCard(closed({ outcome: 'auto_replaced', keyAccess: [] }));
    expect(within(screen.getByTestId('claim-outcome')).getByText('Replaced automatically')).toBeTruthy();
    expect(screen.getByTestId('claim-access-none')).toBeTruthy();
  });
});
