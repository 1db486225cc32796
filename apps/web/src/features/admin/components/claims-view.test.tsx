import type { AdminClaim } from '@keyland/core/schemas/support';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ClaimsView } from './claims-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const claim: AdminClaim = {
  id: 7,
  orderId: 41,
  keyId: 301,
  title: 'Lumen Drift',
  platform: 'Steam',
  reason: 'wrong_region',
  note: null,
  status: 'open',
  outcome: null,
  rejectReason: null,
  refunded: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  resolvedAt: null,
  orderStatus: 'paid',
  deliveredAt: '2026-11-20T08:55:00.000Z',
  hasScreenshot: false,
  supplierGame: true,
  available: 2,
  overdue: false,
  resolveBy: '2026-11-22T09:00:00.000Z',
  refundAmount: 19.99,
  supplierReport: null,
  customer: { id: 5, email: 'ana@example.com', fullName: 'Ana García', paidOrders: 1, recentClaims: 1 },
  keyAccess: [],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The claims API: the list (the claim leaves the open queue once resolved) and the resolution. */
function stubServer({ resolve = 200 } = {}): Call[] {
  const calls: Call[] = [];
  let open = [claim];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin/claims?status=open') return json(200, { items: open, overdue: 0 });
      if (url === '/api/admin/claims?status=closed') return json(200, { items: [], overdue: 0 });
      if (url === '/api/admin/claims/7/resolve') {
        if (resolve !== 200) return json(resolve, { error: 'NO_REPLACEMENT_KEY', message: 'x' });
        open = [];
        const refunded = body.action === 'refund' ? 19.99 : null;
        return json(200, { ...claim, status: 'replaced', refunded });
      }
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
  return calls;
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

function renderScreen() {
  return renderWithProviders(
    <>
      <ClaimsView />
      <PageNotices />
    </>,
    { route: '/admin/claims' },
  );
}

describe('the key claims screen', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the open claims and switches to the closed ones', async () => {
    const calls = stubServer();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Open claims (1)' })).toBeTruthy();
    expect(screen.getByTestId('claim-reason').textContent).toBe("Not valid in the customer's region");
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(await screen.findByText('No claim has been closed yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.map((call) => call.url)).toContain('/api/admin/claims?status=closed');
  });

  it('replaces from stock, then says so and reads the queue again', async () => {
    const calls = stubServer();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace the key of claim #7 from stock' }));
    expect(await screen.findByText('Claim #7: a new key from stock was sent to the customer.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', url: '/api/admin/claims/7/resolve', body: { action: 'replace' } },
    ]);
    expect(await screen.findByText('No claim is waiting for a decision.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('claims-queue'));
  });

  it('buys a replacement from the supplier', async () => {
    const calls = stubServer();
    renderScreen();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Buy a replacement key for claim #7 from the supplier' }),
    );
    expect(
      await screen.findByText('Claim #7: a key bought from the supplier was sent to the customer.'),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', url: '/api/admin/claims/7/resolve', body: { action: 'supplier_replace' } },
    ]);
  });

  it('refunds only after confirmation', async () => {
    const calls = stubServer();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund €19.99 for claim #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund €19.99 for claim #7?' });
    expect(posts(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Claim #7: €19.99 refunded.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', url: '/api/admin/claims/7/resolve', body: { action: 'refund' } },
    ]);
  });

  it('rejects only with a reason of at least 3 characters', async () => {
    const calls = stubServer();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject claim #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject claim #7?' });
    const reason = within(dialog).getByLabelText('Reason (sent to the customer)');
    expect(reason.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(reason, { target: { value: 'no' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject the claim' }));
    expect(await within(dialog).findByText('Write the reason (at least 3 characters).')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The key was redeemed on your account.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject the claim' }));
    expect(await screen.findByText('Claim #7 was rejected and the customer told why.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/admin/claims/7/resolve',
        body: { action: 'reject', reason: 'The key was redeemed on your account.' },
      },
    ]);
  });

  it('shows the error in words when a decision fails', async () => {
    stubServer({ resolve: 409 });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace the key of claim #7 from stock' }));
    expect(
      await screen.findByText('There is no key of this game to replace it with right now.'),
    ).toBeTruthy();
    expect(screen.getByTestId('claim-card')).toBeTruthy();
  });
});
