import type { HeldOrder } from '@keyland/core/schemas/review';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ReviewView } from './review-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const order: HeldOrder = {
  id: 12,
  total: 59.97,
  paidAt: '2026-11-26T07:00:00.000Z',
  reviewBy: '2026-11-27T07:00:00.000Z',
  customer: {
    id: 3,
    email: 'ana@example.com',
    fullName: 'Ana García',
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    emailVerified: false,
    paidOrders: 0,
  },
  lines: [{ title: 'Lumen Drift', platform: 'Steam', quantity: 3 }],
  score: 45,
  tier: 'medium',
  reasons: [
    { code: 'new_account', points: 10 },
    { code: 'provider_elevated', points: 35 },
    { code: 'three_d_secure_passed', points: -20 },
  ],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The review API: the held list (emptied by a decision), the decisions and the disputes. */
function stubServer({ disputes = [] as unknown[], decision = 200 } = {}): Call[] {
  const calls: Call[] = [];
  let items = [order];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/admin/orders/held') return json(200, { items });
      if (url === '/api/admin/disputes') return json(200, { items: disputes });
      if (decision !== 200) return json(decision, { error: 'ORDER_NOT_HELD', message: 'x' });
      items = [];
      if (url === '/api/admin/orders/12/approve')
        return json(200, { orderId: 12, status: 'paid', keysDelivered: 3 });
      if (url === '/api/admin/orders/12/reject')
        return json(200, {
          orderId: 12,
          status: 'cancelled',
          refundId: 're_1',
          refunded: 59.97,
          keysRevoked: 3,
          keysAlreadyDelivered: 0,
          mailQueued: true,
        });
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
  return calls;
}

function renderScreen() {
  return renderWithProviders(
    <>
      <ReviewView />
      <PageNotices />
    </>,
  );
}

describe('the fraud review screen', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a held order with its tier, score, reasons in words, customer, lines and deadline', async () => {
    stubServer();
    renderScreen();
    const card = await screen.findByTestId('held-order');
    expect(within(card).getByRole('heading', { name: 'Order #12' })).toBeTruthy();
    expect(within(card).getByTestId('risk-badge').textContent).toBe('Medium risk · score 45');
    const reasons = within(card)
      .getAllByTestId('risk-reason')
      .map((reason) => reason.textContent);
    expect(reasons).toEqual([
      'The account was created recently+10 points',
      'The payment provider rates the payment as elevated risk+35 points',
      'The card holder passed 3-D Secure-20 points',
    ]);
    expect(within(card).getByText('Ana García')).toBeTruthy();
    expect(within(card).getByText('2 hours ago')).toBeTruthy();
    expect(within(card).getByText('No')).toBeTruthy();
    expect(within(card).getByTestId('held-order-line').textContent).toBe('3 × Lumen Drift · Steam');
    expect(within(card).getByTestId('held-order-deadline').textContent).toMatch(
      /^Cancelled automatically at /,
    );
    expect(screen.getByRole('heading', { name: 'Waiting for a decision (1)' })).toBeTruthy();
  });

  it('approves after confirmation, then refreshes the queue and says what happened', async () => {
    const calls = stubServer();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve order #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order #12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and deliver' }));
    expect(await screen.findByText('Order #12 approved. Keys delivered: 3.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/admin/orders/12/approve',
    ]);
    expect(await screen.findByText('No order is waiting for review.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('review-queue'));
  });

  it('cancels and refunds only with a reason', async () => {
    const calls = stubServer();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel & refund order #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund order #12?' });
    expect(
      within(dialog).getByText('refund €59.97 to the customer through the payment provider;'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(dialog).findByText('Write the reason (at least 3 characters).')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Card reported stolen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Order #12 was cancelled and €59.97 refunded.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/orders/12/reject', body: { reason: 'Card reported stolen' } },
    ]);
  });

  it('keeps the dialog open with the error when the order was decided elsewhere', async () => {
    stubServer({ decision: 409 });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve order #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order #12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and deliver' }));
    expect(await within(dialog).findByText('This order is not waiting for a review any more.')).toBeTruthy();
  });

  it('lists the disputes, or says there are none', async () => {
    stubServer({
      disputes: [
        {
          orderId: 9,
          disputeId: 'dp_1',
          status: 'open',
          providerStatus: 'needs_response',
          reason: 'fraudulent',
          amount: 19.99,
          openedAt: '2026-11-20T10:00:00.000Z',
          closedAt: null,
          customerEmail: 'ben@example.com',
        },
      ],
    });
    renderScreen();
    const row = await screen.findByTestId('dispute-row');
    expect(within(row).getByRole('link', { name: 'Order #9' }).getAttribute('href')).toBe('/admin/orders/9');
    expect(within(row).getByTestId('dispute-badge').textContent).toBe('Dispute open');
    expect(within(row).getByText('ben@example.com')).toBeTruthy();
    cleanup();

    stubServer();
    renderScreen();
    expect(await screen.findByText('No dispute has been reported.')).toBeTruthy();
  });
});
