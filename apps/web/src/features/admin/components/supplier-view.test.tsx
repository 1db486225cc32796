import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { parseEuros, SupplierPriceCard } from './supplier-price-card.tsx';
import { SupplierView } from './supplier-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lastRun = {
  id: 3,
  trigger: 'admin',
  status: 'completed',
  pages: 10,
  seen: 5000,
  created: 12,
  updated: 40,
  unchanged: 4948,
  delisted: 2,
  error: null,
  startedAt: '2026-11-24T05:00:00.000Z',
  finishedAt: '2026-11-24T05:01:00.000Z',
};

describe('supplier admin screens', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the last run and starts a sync on demand', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'POST') return json(202, { started: true });
        return json(200, {
          supplier: 'codeswholesale',
          canSync: true,
          syncIntervalSeconds: 3600,
          running: false,
          lastRun,
          awaitingOrders: 1,
        });
      }),
    );
    renderWithProviders(<SupplierView />);
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.getByTestId('sync-seen').textContent).toBe('5,000');
    expect(screen.getByTestId('sync-delisted').textContent).toBe('2');
    expect(screen.getByText('Automatic sync every 60 minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(calls).toContain('POST /api/admin/supplier/sync'));
  });

  it('explains the embedded supplier and offers no sync', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          supplier: 'embedded',
          canSync: false,
          syncIntervalSeconds: 0,
          running: false,
          lastRun: null,
          awaitingOrders: 0,
        }),
      ),
    );
    renderWithProviders(<SupplierView />);
    expect(await screen.findByText('Own key stock only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'INTERNAL_ERROR', message: 'x' })),
    );
    renderWithProviders(<SupplierView />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sets an admin price on a supplier game and refuses a malformed one', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const override =
          init?.method === 'POST' ? (JSON.parse(String(init.body)) as { price: number }).price : null;
        if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
        return json(200, {
          gameId: 7,
          supplierProductId: 'p-7',
          listed: true,
          quantity: 12,
          priceBuy: 10,
          rulePrice: 12.99,
          override,
          price: override ?? 12.99,
        });
      }),
    );
    renderWithProviders(<SupplierPriceCard gameId={7} />);
    const input = await screen.findByLabelText('Your selling price (VAT included)');
    fireEvent.change(input, { target: { value: '9,999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Enter a price above 0 with at most two decimals.')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(input, { target: { value: '11,49' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(bodies).toEqual([{ price: 11.49 }]));
    await waitFor(() => expect(screen.getByTestId('supplier-price').textContent).toContain('11.49'));
  });

  it('shows nothing for a game that is not bought from the supplier', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: 'NOT_A_SUPPLIER_GAME', message: 'no' })),
    );
    const { container } = renderWithProviders(<SupplierPriceCard gameId={8} />);
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('reads euro amounts with a comma or a point', () => {
    expect(parseEuros('12,5')).toBe(12.5);
    expect(parseEuros(' 3.99 ')).toBe(3.99);
    expect(parseEuros('0')).toBeUndefined();
    expect(parseEuros('1.999')).toBeUndefined();
    expect(parseEuros('abc')).toBeUndefined();
  });
});
