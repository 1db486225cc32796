import type { Dashboard } from '@keyland/core/schemas/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { DashboardView } from './dashboard-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const figures = { sales: 0, gross: 0, vat: 0, net: 0 };

function dashboardWith(attention: Dashboard['attention']): Dashboard {
  return {
    totals: figures,
    daily: [],
    bestSellers: [],
    lowStock: [],
    lowStockThreshold: 5,
    attention,
  };
}

function renderDashboard(attention: Dashboard['attention']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/admin/dashboard')) return json(200, dashboardWith(attention));
      if (url === '/api/admin/orders/held') return json(200, { items: [] });
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
  return renderWithProviders(<DashboardView />, { route: '/admin' });
}

describe('the dashboard callout of what waits for a person', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts the open claims, warns of the overdue ones and links to the claims and the support inbox', async () => {
    renderDashboard({ openClaims: 3, overdueClaims: 1, openTickets: 2 });
    const callout = await screen.findByTestId('attention-callout');
    expect(within(callout).getByRole('heading', { name: 'Waiting for you' })).toBeTruthy();
    const claims = within(callout).getByTestId('attention-claims');
    expect(within(claims).getByText('3 key claims are waiting for a decision.')).toBeTruthy();
    expect(within(claims).getByTestId('attention-overdue').textContent).toBe('1 claim is past its deadline.');
    expect(within(claims).getByRole('link', { name: 'Open the key claims' }).getAttribute('href')).toBe(
      '/admin/claims',
    );
    const tickets = within(callout).getByTestId('attention-tickets');
    expect(within(tickets).getByText('2 support messages are waiting for an answer.')).toBeTruthy();
    expect(within(tickets).getByRole('link', { name: 'Open the support inbox' }).getAttribute('href')).toBe(
      '/admin/support',
    );
  });

  it('shows only what waits: no overdue warning, no ticket line', async () => {
    renderDashboard({ openClaims: 1, overdueClaims: 0, openTickets: 0 });
    const callout = await screen.findByTestId('attention-callout');
    expect(within(callout).getByText('1 key claim is waiting for a decision.')).toBeTruthy();
    expect(within(callout).queryByTestId('attention-overdue')).toBeNull();
    expect(within(callout).queryByTestId('attention-tickets')).toBeNull();
    cleanup();

    renderDashboard({ openClaims: 0, overdueClaims: 0, openTickets: 1 });
    const tickets = await screen.findByTestId('attention-tickets');
    expect(tickets.textContent).toContain('1 support message is waiting for an answer.');
    expect(screen.queryByTestId('attention-claims')).toBeNull();
  });

  it('stays away when nothing waits', async () => {
    renderDashboard({ openClaims: 0, overdueClaims: 0, openTickets: 0 });
    expect(await screen.findByTestId('stat-sales')).toBeTruthy();
    expect(screen.queryByTestId('attention-callout')).toBeNull();
  });
});
