import type { Coupon } from '@keyland/core/schemas/coupons';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { plannedBatch } from '#src/features/admin/testing/discount-fixtures.ts';
import { jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CouponsView } from './coupons-view.tsx';

const inUse: Coupon = {
  ...plannedBatch,
  id: 3,
  name: 'Winter welcome',
  code: 'WINTER-10',
  codes: 1,
  kind: 'percent',
  percentOff: 10,
  amount: null,
  minBasket: 20,
  // 10:00 and 23:59 in Tallinn (UTC+2 in winter).
  startsAt: '2026-11-20T08:00:00.000Z',
  endsAt: '2026-12-31T21:59:00.000Z',
  maxUses: 500,
  perCustomer: 1,
  scope: 'platform',
  platform: 'Steam',
  status: 'active',
  uses: 1234,
  discountGiven: 2345.6,
  revenue: 21_110.4,
};

/** The coupons API: the list (the coupon in use is over once ended) and "end now". */
function stubServer(items: Coupon[]) {
  let list = items;
  return stubFetch(({ method, url }) => {
    if (url === '/api/admin/coupons' && method === 'GET') return jsonResponse(200, { items: list });
    if (url !== '/api/admin/coupons/3/end' || method !== 'POST')
      return jsonResponse(404, { error: 'NOT_FOUND', message: 'x' });
    const ended: Coupon = { ...inUse, status: 'ended', endsAt: '2026-11-26T12:00:00.000Z' };
    list = list.map((coupon) => (coupon.id === ended.id ? ended : coupon));
    return jsonResponse(200, ended);
  });
}

function renderScreen() {
  return renderWithProviders(
    <>
      <CouponsView />
      <PageNotices />
    </>,
    { route: '/admin/coupons' },
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the coupons list', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each coupon: its code, what it takes off, its limits, when in Tallinn time, its state and results', async () => {
    stubServer([plannedBatch, inUse]);
    renderScreen();
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'When (Tallinn time)' })).toBeTruthy();
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Newsletter December',
      '250 single-use codes',
      '€5.00 offAll games',
      '0 uses, no limit2 per customer',
      'Dec 1, 2026 10:00until Dec 24, 2026 23:59',
      'Scheduled',
      '0',
      '€0.00',
      '€0.00',
      'Edit',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      'Winter welcome',
      'WINTER-10',
      '−10%Min. basket €20.00Platform Steam',
      '1,234 / 500 uses1 per customer',
      'Nov 20, 2026 10:00until Dec 31, 2026 23:59',
      'Active',
      '1,234',
      '€2,345.60',
      '€21,110.40',
      'End now',
    ]);
    const edit = within(rows[0] as HTMLElement).getByRole('link', { name: 'Edit “Newsletter December”' });
    expect(edit.getAttribute('href')).toBe('/admin/coupons/4');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /End/ })).toBeNull();
  });

  it('offers both ways to make the first coupon when there is none', async () => {
    stubServer([]);
    renderScreen();
    expect(await screen.findByText('There are no coupons yet.')).toBeTruthy();
    const newLinks = screen.getAllByRole('link', { name: 'New coupon' });
    expect(newLinks).toHaveLength(2);
    for (const link of newLinks) expect(link.getAttribute('href')).toBe('/admin/coupons/new');
    const generateLinks = screen.getAllByRole('link', { name: 'Generate codes' });
    for (const link of generateLinks) expect(link.getAttribute('href')).toBe('/admin/coupons/generate');
    expect(screen.queryByTestId('coupon-row')).toBeNull();
  });

  it('says so when the list cannot be loaded, and tries again on demand', async () => {
    const calls = stubFetch(() => jsonResponse(503, { error: 'SERVICE_UNAVAILABLE', message: 'x' }));
    renderScreen();
    expect(await screen.findByText('The coupons could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('ends a coupon in use only after confirmation, then reads the list again', async () => {
    const calls = stubServer([plannedBatch, inUse]);
    renderScreen();
    const [, row] = await screen.findAllByTestId('coupon-row');
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'End “Winter welcome” now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End “Winter welcome” now?' });
    expect(dialog.textContent).toContain('Its codes stop working at once');
    const ends = () => calls.filter((call) => call.url.endsWith('/end'));
    expect(ends()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the coupon' }));
    expect(await screen.findByText('“Winter welcome” has ended; its codes no longer work.')).toBeTruthy();
    expect(ends()).toEqual([{ method: 'POST', url: '/api/admin/coupons/3/end', body: undefined }]);
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End “Winter welcome” now' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Winter welcome'));
  });
});
