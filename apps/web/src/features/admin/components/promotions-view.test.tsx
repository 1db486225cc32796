import type { Promotion } from '@keyland/core/schemas/promotions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { plannedSale } from '#src/features/admin/testing/discount-fixtures.ts';
import { jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PromotionsView } from './promotions-view.tsx';

const running: Promotion = {
  ...plannedSale,
  id: 3,
  name: 'Spring sale',
  percentOff: 20,
  scope: 'platform',
  platform: 'Steam',
  gameIds: [],
  gameTitles: [],
  // 10:00 and 23:59 in Tallinn (UTC+2 in winter, UTC+3 in summer).
  startsAt: '2026-03-20T08:00:00.000Z',
  endsAt: '2026-04-05T20:59:00.000Z',
  status: 'active',
  gamesOnSale: 42,
  keysSold: 1234,
  revenue: 5678.9,
};

const planned: Promotion = {
  ...plannedSale,
  kind: 'fixed_price',
  percentOff: null,
  fixedPrice: 9.99,
  startsAt: '2026-05-01T07:00:00.000Z',
  endsAt: '2026-05-03T20:59:00.000Z',
};

/** The promotions API: the list (the running sale is over once ended) and "end now". */
function stubServer(items: Promotion[]) {
  let list = items;
  return stubFetch(({ method, url }) => {
    if (url === '/api/admin/promotions' && method === 'GET') return jsonResponse(200, { items: list });
    if (url !== '/api/admin/promotions/3/end' || method !== 'POST')
      return jsonResponse(404, { error: 'NOT_FOUND', message: 'x' });
    const ended: Promotion = {
      ...running,
      status: 'ended',
      endedEarlyAt: '2026-03-25T12:00:00.000Z',
      gamesOnSale: 0,
    };
    list = list.map((promotion) => (promotion.id === ended.id ? ended : promotion));
    return jsonResponse(200, ended);
  });
}

function renderScreen() {
  return renderWithProviders(
    <>
      <PromotionsView />
      <PageNotices />
    </>,
    { route: '/admin/promotions' },
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the promotions list', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each promotion: what, on what, when in Tallinn time, its state and its sales', async () => {
    stubServer([planned, running]);
    renderScreen();
    const rows = await screen.findAllByTestId('promotion-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'When (Tallinn time)' })).toBeTruthy();
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Lumen weekend',
      '€9.99',
      '2 games',
      'May 1, 2026 10:00until May 3, 2026 23:59',
      'Scheduled',
      '0',
      '0',
      '€0.00',
      'Edit',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      'Spring sale',
      '−20%',
      'Platform Steam',
      'Mar 20, 2026 10:00until Apr 5, 2026 23:59',
      'Active',
      '42',
      '1,234',
      '€5,678.90',
      'End now',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Edit “Lumen weekend”' })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /End/ })).toBeNull();
  });

  it('offers to create the first promotion when there is none', async () => {
    stubServer([]);
    renderScreen();
    expect(await screen.findByText('There are no promotions yet.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'New promotion' });
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const link of links) expect(link.getAttribute('href')).toBe('/admin/promotions/new');
    expect(screen.queryByTestId('promotion-row')).toBeNull();
  });

  it('says so when the list cannot be loaded, with a retry', async () => {
    stubFetch(() => jsonResponse(500, { error: 'INTERNAL_ERROR', message: 'x' }));
    renderScreen();
    expect(await screen.findByText('The promotions could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('ends a running promotion only after confirmation, then reads the list again', async () => {
    const calls = stubServer([running]);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'End “Spring sale” now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End “Spring sale” now?' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the promotion' }));
    expect(await screen.findByText('“Spring sale” has ended; the regular prices are back.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/promotions/3/end', body: undefined },
    ]);
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End “Spring sale” now' })).toBeNull();
    expect(screen.getByText('Ended early Mar 25, 2026 14:00')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Spring sale'));
  });
});
