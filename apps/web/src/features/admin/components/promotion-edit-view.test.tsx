import type { Promotion } from '@keyland/core/schemas/promotions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { plannedSale } from '#src/features/admin/testing/discount-fixtures.ts';
import { type FetchCall, jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PromotionEditView } from './promotion-edit-view.tsx';

const running: Promotion = { ...plannedSale, status: 'active', gamesOnSale: 2, keysSold: 7, revenue: 104.93 };

/** The promotions API with one promotion; `startsMeanwhile` makes a change arrive too late. */
function stubServer(first: Promotion, { startsMeanwhile = false } = {}) {
  let current = first;
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/admin/promotions' && method === 'GET') return jsonResponse(200, { items: [current] });
    if (url === '/api/kl_api/get_platforms') return jsonResponse(200, ['Steam']);
    if (url === '/api/admin/promotions/4' && method === 'PUT') {
      if (startsMeanwhile) {
        current = running;
        return jsonResponse(409, { error: 'PROMOTION_NOT_EDITABLE', message: 'x' });
      }
      current = { ...current, ...(body as Partial<Promotion>) };
      return jsonResponse(200, current);
    }
    if (url === '/api/admin/promotions/4/end' && method === 'POST') {
      current = { ...current, status: 'ended', endedEarlyAt: '2026-10-24T10:00:00.000Z', gamesOnSale: 0 };
      return jsonResponse(200, current);
    }
    return jsonResponse(404, { error: 'NOT_FOUND', message: 'x' });
  });
}

const changes = (calls: FetchCall[]) =>
  calls.filter((call) => call.method !== 'GET' && !call.url.includes('kl_api'));

function renderScreen(id = 4) {
  return renderWithProviders(
    <>
      <PromotionEditView id={id} />
      <PageNotices />
    </>,
    { route: `/admin/promotions/${id}` },
  );
}

describe('one promotion', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('changes a scheduled promotion in its form, filled in Tallinn time', async () => {
    const calls = stubServer(plannedSale);
    renderScreen();
    const name = (await screen.findByLabelText('Name *')) as HTMLInputElement;
    expect(name.value).toBe('Lumen weekend');
    expect((screen.getByLabelText('Percentage off *') as HTMLInputElement).value).toBe('25');
    expect((screen.getByLabelText('Starts (Tallinn time) *') as HTMLInputElement).value).toBe(
      '2026-10-24T12:00',
    );
    expect((screen.getByLabelText('Ends (Tallinn time) *') as HTMLInputElement).value).toBe(
      '2026-10-25T18:00',
    );
    expect(screen.getByText('2 games chosen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /End/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Percentage off *'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Ends (Tallinn time) *'), {
      target: { value: '2026-10-26T18:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('“Lumen weekend” was saved.')).toBeTruthy();
    expect(changes(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/promotions/4',
        body: {
          name: 'Lumen weekend',
          kind: 'percent',
          percentOff: 30,
          fixedPrice: null,
          scope: 'games',
          platform: null,
          gameIds: [11, 12],
          startsAt: '2026-10-24T09:00:00.000Z',
          endsAt: '2026-10-26T16:00:00.000Z',
        },
      },
    ]);
  });

  it('shows a running promotion read-only, with "End now" only', async () => {
    stubServer(running);
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Lumen weekend' })).toBeTruthy();
    expect(
      screen.getByText('This sale is running, so it can no longer be changed: it can only be ended now.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByText('Oct 24, 2026 12:00')).toBeTruthy();
    expect(screen.getByText('Oct 25, 2026 18:00')).toBeTruthy();
    expect(screen.getByText('€104.93')).toBeTruthy();
    expect(screen.getByText('Lumen Drift II')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End “Lumen weekend” now' })).toBeTruthy();
  });

  it('ends a running promotion after confirmation', async () => {
    const calls = stubServer(running);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'End “Lumen weekend” now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End “Lumen weekend” now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'End “Lumen weekend” now' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'End the promotion' }),
    );
    expect(await screen.findByText('“Lumen weekend” has ended; the regular prices are back.')).toBeTruthy();
    expect(changes(calls)).toEqual([{ method: 'POST', url: '/api/admin/promotions/4/end', body: undefined }]);
    expect(await screen.findByText('This sale is over.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End “Lumen weekend” now' })).toBeNull();
  });

  it('says why a change came too late and shows the promotion as it now is', async () => {
    stubServer(plannedSale, { startsMeanwhile: true });
    renderScreen();
    await screen.findByLabelText('Name *');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('This has already started: it can be ended now, but no longer changed.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'End “Lumen weekend” now' })).toBeTruthy();
    expect(screen.queryByLabelText('Name *')).toBeNull();
  });

  it('says so for a promotion that does not exist', async () => {
    stubServer(plannedSale);
    renderScreen(99);
    expect(await screen.findByRole('heading', { name: 'Promotion not found' })).toBeTruthy();
  });
});
