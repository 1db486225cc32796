import type { Coupon } from '@keyland/core/schemas/coupons';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { plannedBatch } from '#src/features/admin/testing/discount-fixtures.ts';
import { type FetchCall, jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CouponEditView } from './coupon-edit-view.tsx';

/** A batch of generated codes for two games, planned for December (UTC+2 in Tallinn). */
const planned: Coupon = {
  ...plannedBatch,
  name: 'Lumen fans',
  kind: 'percent',
  percentOff: 25,
  amount: null,
  minBasket: 10,
  perCustomer: 1,
  scope: 'games',
  gameIds: [11, 12],
};

const running: Coupon = { ...planned, status: 'active', uses: 7, discountGiven: 52.47, revenue: 157.43 };

const titles: Record<string, string> = {
  '/api/admin/products/11': 'Lumen Drift',
  '/api/admin/products/12': 'Lumen Drift II',
};

/** The coupons API with one coupon and its games' titles; `startsMeanwhile` makes a change arrive too late. */
function stubServer(first: Coupon, { startsMeanwhile = false } = {}) {
  let current = first;
  return stubFetch(({ method, url, body }) => {
    const title = titles[url];
    if (title) return jsonResponse(200, { id: Number(url.split('/').pop()), title });
    if (url === '/api/admin/coupons') return jsonResponse(200, { items: [current] });
    if (url === '/api/admin/coupons/4/end') {
      current = { ...current, status: 'ended' };
      return jsonResponse(200, current);
    }
    if (url !== '/api/admin/coupons/4' || method !== 'PUT')
      return jsonResponse(404, { error: 'NOT_FOUND', message: 'x' });
    if (startsMeanwhile) {
      current = { ...current, status: 'active' };
      return jsonResponse(409, { error: 'PROMOTION_NOT_EDITABLE', message: 'x' });
    }
    current = { ...current, ...(body as Partial<Coupon>), code: current.code };
    return jsonResponse(200, current);
  });
}

/** The calls that change a coupon. */
const changes = (calls: FetchCall[]) =>
  calls.filter((call) => call.method !== 'GET' && call.url.startsWith('/api/admin/coupons'));

const renderScreen = () =>
  renderWithProviders(
    <>
      <CouponEditView id={4} />
      <PageNotices />
    </>,
    { route: '/admin/coupons/4' },
  );

describe('one coupon', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('changes a scheduled batch in its form, filled in Tallinn time with its games by title', async () => {
    const calls = stubServer(planned);
    renderScreen();
    const name = (await screen.findByLabelText('Name *')) as HTMLInputElement;
    expect(name.value).toBe('Lumen fans');
    expect(screen.queryByLabelText('Code *')).toBeNull();
    expect(screen.getByText('250 single-use codes')).toBeTruthy();
    expect((screen.getByLabelText('Minimum basket in euros') as HTMLInputElement).value).toBe('10.00');
    expect((screen.getByLabelText('Starts (Tallinn time)') as HTMLInputElement).value).toBe(
      '2026-12-01T10:00',
    );
    expect((screen.getByLabelText('Ends (Tallinn time) *') as HTMLInputElement).value).toBe(
      '2026-12-24T23:59',
    );
    expect(screen.getByText('2 games chosen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove “Lumen Drift II”' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Percentage off *'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Uses in total'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('“Lumen fans” was saved.')).toBeTruthy();
    expect(changes(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/coupons/4',
        body: {
          name: 'Lumen fans',
          code: 'BATCH',
          kind: 'percent',
          percentOff: 30,
          amount: null,
          minBasket: 10,
          startsAt: '2026-12-01T08:00:00.000Z',
          endsAt: '2026-12-24T21:59:00.000Z',
          maxUses: 250,
          perCustomer: 1,
          scope: 'games',
          platform: null,
          gameIds: [11, 12],
        },
      },
    ]);
  });

  it('shows a coupon in use read-only, and ends it only after confirmation', async () => {
    const calls = stubServer(running);
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Lumen fans' })).toBeTruthy();
    expect(
      screen.getByText(
        'This coupon can be used now, so it can no longer be changed: it can only be ended now.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Dec 1, 2026 10:00')).toBeTruthy();
    expect(screen.getByText('€52.47')).toBeTruthy();
    expect(screen.getByText('€157.43')).toBeTruthy();
    expect(await screen.findByText('Lumen Drift II')).toBeTruthy();

    const endNow = screen.getByRole('button', { name: 'End “Lumen fans” now' });
    fireEvent.click(endNow);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);
    fireEvent.click(endNow);
    const dialog = await screen.findByRole('dialog', { name: 'End “Lumen fans” now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the coupon' }));
    expect(await screen.findByText('This coupon is over.')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'POST', url: '/api/admin/coupons/4/end', body: undefined }]);
    expect(screen.getByText('“Lumen fans” has ended; its codes no longer work.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End “Lumen fans” now' })).toBeNull();
  });

  it('changes the code of a typed coupon, and says why a change came too late', async () => {
    const typed: Coupon = { ...planned, code: 'LUMEN-25', codes: 1, scope: 'all', gameIds: [] };
    const calls = stubServer(typed, { startsMeanwhile: true });
    renderScreen();
    const code = (await screen.findByLabelText('Code *')) as HTMLInputElement;
    expect(code.value).toBe('LUMEN-25');
    fireEvent.change(code, { target: { value: 'lumen-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('This has already started: it can be ended now, but no longer changed.'),
    ).toBeTruthy();
    expect(changes(calls).map((call) => call.body)).toMatchObject([{ code: 'LUMEN-30', scope: 'all' }]);
    expect(await screen.findByRole('button', { name: 'End “Lumen fans” now' })).toBeTruthy();
    expect(screen.queryByLabelText('Code *')).toBeNull();
  });
});
