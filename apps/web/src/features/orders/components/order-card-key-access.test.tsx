import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderCard } from './order-card.tsx';

const CODE = 'GV7FX-RHJJD-F4LRR';

const paid: CompletedOrder = {
  id: 41,
  date: '2026-11-26T08:00:00.000Z',
  items: [
    {
      title: 'Lumen Drift',
      price: 19.99,
      wcs_activation_key: CODE,
      platform: 'Steam',
      providerId: 'kl-lumen',
      key_id: 907,
    },
  ],
  total: 19.99,
  amount_untaxed: 16.12,
  amount_tax: 3.87,
  tax_percent: 24,
  status: 'paid',
  invoice_id: null,
  pending_items: [],
  withdrawable: false,
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The access route answering `status`; every call to it is kept. */
function stubAccessRoute(status = 200): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The page's other calls (the session) answer as for a visitor; only the access route is watched.
      if (url !== '/api/kl_api/record_key_access')
        return new Response(JSON.stringify({ error: 'UNAUTHENTICATED', message: 'x' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const body = status === 200 ? { success: true, message: 'ok' } : { error: 'NOT_FOUND', message: 'x' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

const showButton = () => screen.getByRole('button', { name: 'Show the key of Lumen Drift' });
const copyButton = () => screen.getByRole('button', { name: 'Copy the key of Lumen Drift' });

describe('a delivered key in the purchase history records its reveals and copies', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => mockClipboard(() => Promise.resolve()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reveal and copy call the access route, hiding does not, and the key behaves as before', async () => {
    const calls = stubAccessRoute();
    renderWithProviders(<OrderCard order={paid} />);
    const key = screen.getByTestId('activation-key');
    expect(key.textContent).toBe('••••••••••••••');

    fireEvent.click(showButton());
    expect(key.textContent).toBe(CODE);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/kl_api/record_key_access',
      method: 'POST',
      body: { keyId: 907, action: 'reveal' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Hide the key of Lumen Drift' }));
    expect(key.textContent).toBe('••••••••••••••');
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      url: '/api/kl_api/record_key_access',
      method: 'POST',
      body: { keyId: 907, action: 'copy' },
    });
  });

  it('a copy the browser refused is not recorded', async () => {
    const calls = stubAccessRoute();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockClipboard(() => Promise.reject(new Error('denied')));
    renderWithProviders(<OrderCard order={paid} />);
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(screen.getByText(/could not be copied/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a failing access route is only logged: the key is still shown and copied', async () => {
    stubAccessRoute(404);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<OrderCard order={paid} />);
    fireEvent.click(showButton());
    expect(screen.getByTestId('activation-key').textContent).toBe(CODE);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('key access not recorded', expect.any(Error)));
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a key without an id (an older server) is shown and copied without calling the route', async () => {
    const calls = stubAccessRoute();
    const { key_id: _id, ...item } = paid.items[0] as CompletedOrder['items'][number];
    renderWithProviders(<OrderCard order={{ ...paid, items: [item] }} />);
    fireEvent.click(showButton());
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
