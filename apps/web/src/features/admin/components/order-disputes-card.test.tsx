import type { AdminOrderDetail } from '@keyland/core/schemas/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderDisputesCard } from './order-disputes-card.tsx';

type Dispute = AdminOrderDetail['disputes'][number];

const base: Dispute = {
  disputeId: 'dp_1',
  status: 'open',
  providerStatus: 'needs_response',
  reason: 'fraudulent',
  amount: 19.99,
  openedAt: '2026-11-20T10:00:00.000Z',
  closedAt: null,
  evidenceDueBy: '2026-11-27T10:00:00.000Z',
  evidenceSubmittedAt: null,
  evidence: null,
  evidenceError: null,
};

const sent: Dispute = {
  ...base,
  status: 'won',
  closedAt: '2026-12-10T10:00:00.000Z',
  evidenceSubmittedAt: '2026-11-20T10:00:05.000Z',
  evidence: {
    customerName: 'Ana García',
    customerEmail: 'ana@example.com',
    customerPurchaseIp: '203.0.113.7',
    serviceDate: '2026-11-19 08:00 UTC',
    productDescription: 'Digital activation keys: 1 × Lumen Drift (Steam key).',
    accesses: 3,
    accessActivityLog: '2026-11-19 08:01:02 UTC — revealed key #7 (Lumen Drift, Steam) — IP 203.0.113.7',
    uncategorizedText:
      'Order #9, paid 2026-11-19 08:00 UTC. Invoice KL-2026-000009 (attached as the receipt).',
    invoiceNumber: 'KL-2026-000009',
    receipt: true,
  },
};

describe('the dispute section of an admin order', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('shows nothing for an order without disputes', () => {
    renderWithProviders(<OrderDisputesCard disputes={[]} />);
    expect(screen.queryByTestId('order-disputes')).toBeNull();
  });

  it('shows the outcome and the evidence that was sent, with its access log', () => {
    renderWithProviders(<OrderDisputesCard disputes={[sent]} />);
    const dispute = screen.getByTestId('order-dispute');
    expect(within(dispute).getByTestId('dispute-badge').textContent).toBe('Dispute won');
    // When it opened and closed: the order page shows disputes in this card only.
    expect(dispute.textContent).toMatch(/opened .*2026.* · closed .*2026/);
    expect(within(dispute).getByTestId('dispute-evidence-sent')).toBeTruthy();
    expect(within(dispute).getByText('Ana García · ana@example.com')).toBeTruthy();
    expect(within(dispute).getByText('203.0.113.7')).toBeTruthy();
    expect(within(dispute).getByText('3')).toBeTruthy();
    expect(within(dispute).getByText(/revealed key #7/)).toBeTruthy();
    expect(within(dispute).getByText(/Invoice KL-2026-000009/)).toBeTruthy();
  });

  it('says why the evidence has not gone yet, or that it is still to go', () => {
    renderWithProviders(
      <OrderDisputesCard
        disputes={[
          { ...base, evidenceError: 'Stripe evidence submission failed: api_error (HTTP 500)' },
          { ...base, disputeId: 'dp_2' },
        ]}
      />,
    );
    const [failed, pending] = screen.getAllByTestId('order-dispute');
    if (!failed || !pending) throw new Error('two disputes expected');
    expect(within(failed).getByTestId('dispute-badge').textContent).toBe('Dispute open');
    expect(within(failed).getByTestId('dispute-evidence-failed').textContent).toContain(
      'Stripe evidence submission failed: api_error (HTTP 500)',
    );
    expect(within(pending).getByTestId('dispute-evidence-pending')).toBeTruthy();
    expect(within(pending).queryByTestId('dispute-evidence-sent')).toBeNull();
  });
});
