import type { Dashboard, PreorderObligation, PreorderObligations } from '@keyland/core/schemas/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { DashboardView } from './dashboard-view.tsx';
import { PreordersView } from './preorders-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const obligation = (over: Partial<PreorderObligation>): PreorderObligation => ({
  gameId: 1,
  title: 'Starfall Tactics',
  platform: 'Steam',
  releaseDate: '2027-03-05',
  onPreorder: true,
  firstDelivery: '2027-03-05',
  orders: 2,
  ordered: 3,
  reserved: 1,
  missing: 2,
  available: 0,
  fromSupplier: 0,
  warning: true,
  ...over,
});

const short = obligation({});
const covered = obligation({ gameId: 2, title: 'Harbor Lights', reserved: 3, missing: 0, warning: false });

const dashboard: Dashboard = {
  totals: { sales: 0, gross: 0, vat: 0, net: 0 },
  daily: [],
  bestSellers: [],
  lowStock: [],
  lowStockThreshold: 5,
  attention: { openClaims: 0, overdueClaims: 0, openTickets: 0 },
};

function stubServer(preorders: PreorderObligations | 'fail') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/preorders')
        return preorders === 'fail'
          ? json(500, { error: 'INTERNAL_ERROR', message: 'Something went wrong' })
          : json(200, preorders);
      if (url.startsWith('/api/admin/dashboard')) return json(200, dashboard);
      if (url === '/api/admin/orders/held') return json(200, { items: [] });
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
}

describe('the back office’s pre-orders', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each game’s keys owed, set aside and missing, and flags a shortfall near its day', async () => {
    stubServer({ items: [short, covered], warningDays: 3 });
    renderWithProviders(<PreordersView />, { route: '/admin/preorders' });
    const rows = await screen.findAllByTestId('preorder-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first?.textContent).toContain('Starfall Tactics');
    expect(first?.textContent).toContain('Mar 5, 2027');
    expect(within(first as HTMLElement).getByText('Keys missing')).toBeTruthy();
    expect([...(first?.querySelectorAll('td') ?? [])].slice(2).map((cell) => cell.textContent)).toEqual([
      '2',
      '3',
      '1',
      '2',
      '0',
    ]);
    expect(within(second as HTMLElement).queryByText('Keys missing')).toBeNull();
    expect(screen.getByRole('link', { name: 'Starfall Tactics' }).getAttribute('href')).toBe(
      '/admin/products/1',
    );
  });

  it('shows how many missing keys the key supplier lists, and no shortfall when it lists them all', async () => {
    const supplied = obligation({ gameId: 3, title: 'Night Ferry', fromSupplier: 2, warning: false });
    stubServer({ items: [supplied], warningDays: 3 });
    renderWithProviders(<PreordersView />, { route: '/admin/preorders' });
    const [row] = await screen.findAllByTestId('preorder-row');
    expect(within(row as HTMLElement).getByTestId('preorder-from-supplier').textContent).toBe(
      '2 via supplier',
    );
    expect(within(row as HTMLElement).queryByText('Keys missing')).toBeNull();
    expect(within(row as HTMLElement).getByText('2', { selector: 'span' }).className).not.toContain(
      'text-danger',
    );
  });

  it('says when nothing is on pre-order, and when the list could not be loaded', async () => {
    stubServer({ items: [], warningDays: 3 });
    renderWithProviders(<PreordersView />);
    expect(await screen.findByText('No game is on pre-order and no pre-order is waiting.')).toBeTruthy();
    cleanup();
    stubServer('fail');
    renderWithProviders(<PreordersView />);
    expect(await screen.findByText('The pre-orders could not be loaded.')).toBeTruthy();
  });

  it('warns on the dashboard of the games short of keys near their day, with the way to the list', async () => {
    const partly = obligation({ gameId: 4, title: 'Night Ferry', ordered: 5, missing: 4, fromSupplier: 1 });
    stubServer({ items: [short, covered, partly], warningDays: 3 });
    renderWithProviders(<DashboardView />, { route: '/admin' });
    const warning = await screen.findByTestId('preorder-warning');
    expect(within(warning).getByRole('heading').textContent).toBe('2 pre-ordered games lack keys');
    expect(
      within(warning)
        .getAllByTestId('preorder-warning-item')
        .map((item) => item.textContent),
    ).toEqual([
      'Starfall Tactics: 2 of 3 keys missing, delivery Mar 5, 2027',
      'Night Ferry: 4 of 5 keys missing, delivery Mar 5, 2027 (1 via supplier)',
    ]);
    expect(within(warning).getByRole('link', { name: 'See pre-orders' }).getAttribute('href')).toBe(
      '/admin/preorders',
    );
  });

  it('shows no warning when every pre-order near its day has its keys', async () => {
    stubServer({ items: [covered], warningDays: 3 });
    renderWithProviders(<DashboardView />, { route: '/admin' });
    await screen.findByTestId('stat-sales');
    expect(screen.queryByTestId('preorder-warning')).toBeNull();
  });
});
