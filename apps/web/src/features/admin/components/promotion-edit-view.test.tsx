import type { Promotion } from '@keyland/core/schemas/promotions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PromotionEditView } from './promotion-edit-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const planned: Promotion = {
  id: 4,
  name: 'Lumen weekend',
  kind: 'percent',
  percentOff: 25,
  fixedPrice: null,
  scope: 'games',
  platform: null,
  gameIds: [11, 12],
  gameTitles: ['Lumen Drift', 'Lumen Drift II'],
  // Saturday 24 October 12:00 to Sunday 25 October 18:00 in Tallinn, across the end of summer time.
  startsAt: '2026-10-24T09:00:00.000Z',
  endsAt: '2026-10-25T16:00:00.000Z',
  endedEarlyAt: null,
  status: 'scheduled',
  gamesOnSale: 0,
  keysSold: 0,
  revenue: 0,
  createdAt: '2026-10-01T09:00:00.000Z',
};

const running: Promotion = { ...planned, status: 'active', gamesOnSale: 2, keysSold: 7, revenue: 104.93 };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The promotions API with one promotion; `startsMeanwhile` makes a change arrive too late. */
function stubServer(first: Promotion, { startsMeanwhile = false } = {}): Call[] {
  const calls: Call[] = [];
  let current = first;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin/promotions' && method === 'GET') return json(200, { items: [current] });
      if (url === '/api/kl_api/get_platforms') return json(200, ['Steam']);
      if (url === '/api/admin/promotions/4' && method === 'PUT') {
        if (startsMeanwhile) {
          current = running;
          return json(409, { error: 'PROMOTION_NOT_EDITABLE', message: 'x' });
        }
        current = { ...current, ...body };
        return json(200, current);
      }
      if (url === '/api/admin/promotions/4/end' && method === 'POST') {
        current = { ...current, status: 'ended', endedEarlyAt: '2026-10-24T10:00:00.000Z', gamesOnSale: 0 };
        return json(200, current);
      }
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
  return calls;
}

const changes = (calls: Call[]) =>
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
    const calls = stubServer(planned);
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
    stubServer(planned, { startsMeanwhile: true });
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
    stubServer(planned);
    renderScreen(99);
    expect(await screen.findByRole('heading', { name: 'Promotion not found' })).toBeTruthy();
  });
});
