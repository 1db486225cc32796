import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { type FetchCall, jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PromotionCreateView } from './promotion-create-view.tsx';

const product = (id: number, title: string) => ({
  id,
  title,
  platform: 'Steam',
  price: 29.99,
  hidden: false,
  keys: { available: 3, reserved: 0, sold: 1, revoked: 0 },
});

/** The calls the form makes: the platforms, the games search and the creation (or its refusal). */
function stubServer({ refuse }: { refuse?: { error: string; message: string; field?: string } } = {}) {
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/kl_api/get_platforms') return jsonResponse(200, ['PlayStation', 'Steam', 'Xbox']);
    if (url.startsWith('/api/admin/products?q=lumen'))
      return jsonResponse(200, {
        items: [product(11, 'Lumen Drift'), product(12, 'Lumen Drift II')],
        total: 2,
      });
    if (url === '/api/admin/promotions' && method === 'POST') {
      if (refuse) return jsonResponse(400, refuse);
      return jsonResponse(201, { ...(body as object), id: 9, status: 'scheduled' });
    }
    if (url === '/api/admin/promotions') return jsonResponse(200, { items: [] });
    return jsonResponse(404, { error: 'NOT_FOUND', message: 'x' });
  });
}

const creations = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/admin/promotions');

function renderScreen() {
  return renderWithProviders(
    <>
      <PromotionCreateView />
      <PageNotices />
    </>,
    { route: '/admin/promotions/new' },
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));

describe('the promotion form', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the percentage, the games and the times before sending', async () => {
    const calls = stubServer();
    renderScreen();
    type('Name *', 'Spring sale');
    save();
    expect(await screen.findByText('Write the percentage off.')).toBeTruthy();
    expect(screen.getByText('Choose at least one game.')).toBeTruthy();
    expect(screen.getByText('Choose when it starts.')).toBeTruthy();
    expect(screen.getByText('Choose when it ends.')).toBeTruthy();
    expect(screen.getByLabelText('Percentage off *').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Percentage off *')));
    type('Percentage off *', '95');
    save();
    expect(await screen.findByText('Write a whole number from 1 to 90.')).toBeTruthy();
    expect(creations(calls)).toEqual([]);
  });

  it('refuses an end before the start, and a promotion longer than 92 days', async () => {
    const calls = stubServer();
    renderScreen();
    type('Name *', 'Spring sale');
    fireEvent.click(screen.getByRole('radio', { name: 'All games' }));
    type('Percentage off *', '20');
    type('Starts (Tallinn time) *', '2026-03-28T10:00');
    type('Ends (Tallinn time) *', '2026-03-28T09:00');
    save();
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
    type('Ends (Tallinn time) *', '2026-06-30T10:00');
    save();
    expect(await screen.findByText('A promotion can last at most 92 days.')).toBeTruthy();
    expect(creations(calls)).toEqual([]);
  });

  it('creates a fixed-price sale of chosen games, its times read in Tallinn time', async () => {
    const calls = stubServer();
    renderScreen();
    type('Name *', '  Lumen weekend ');
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed sale price' }));
    expect(screen.queryByLabelText('Percentage off *')).toBeNull();
    type('Sale price in euros, VAT included *', '9,99');
    expect((screen.getByRole('radio', { name: 'Chosen games' }) as HTMLInputElement).checked).toBe(true);
    const search = screen.getByLabelText('Search the catalogue by title');
    fireEvent.change(search, { target: { value: 'lumen' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    const results = await screen.findByRole('list', { name: 'Games matching “lumen”' });
    fireEvent.click(within(results).getByRole('checkbox', { name: /Lumen Drift II/ }));
    fireEvent.click(within(results).getByRole('checkbox', { name: 'Lumen Drift · Steam · €29.99' }));
    expect(screen.getByText('2 games chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove “Lumen Drift”' }));
    expect(screen.getByText('1 game chosen')).toBeTruthy();
    // Either side of the start of summer time (29 March): UTC+2, then UTC+3.
    type('Starts (Tallinn time) *', '2026-03-28T10:00');
    type('Ends (Tallinn time) *', '2026-04-05T23:59');
    save();
    expect(await screen.findByText('“Lumen weekend” was created.')).toBeTruthy();
    expect(creations(calls).map((call) => call.body)).toEqual([
      {
        name: 'Lumen weekend',
        kind: 'fixed_price',
        percentOff: null,
        fixedPrice: 9.99,
        scope: 'games',
        platform: null,
        gameIds: [12],
        startsAt: '2026-03-28T08:00:00.000Z',
        endsAt: '2026-04-05T20:59:00.000Z',
      },
    ]);
  });

  it('creates a platform-wide sale with the platform chosen from the catalogue', async () => {
    const calls = stubServer();
    renderScreen();
    type('Name *', 'Steam week');
    type('Percentage off *', '15');
    fireEvent.click(screen.getByRole('radio', { name: 'One platform' }));
    const platform = screen.getByLabelText('Platform *') as HTMLSelectElement;
    await waitFor(() => expect(platform.options).toHaveLength(4));
    fireEvent.change(platform, { target: { value: 'Steam' } });
    type('Starts (Tallinn time) *', '2026-10-24T12:00');
    type('Ends (Tallinn time) *', '2026-10-31T12:00');
    save();
    await waitFor(() => expect(creations(calls)).toHaveLength(1));
    expect(creations(calls)[0]?.body).toMatchObject({
      kind: 'percent',
      percentOff: 15,
      fixedPrice: null,
      scope: 'platform',
      platform: 'Steam',
      gameIds: [],
      startsAt: '2026-10-24T09:00:00.000Z',
      endsAt: '2026-10-31T10:00:00.000Z',
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    stubServer({
      refuse: { error: 'VALIDATION_FAILED', message: 'Must end after it starts', field: 'endsAt' },
    });
    renderScreen();
    type('Name *', 'Spring sale');
    fireEvent.click(screen.getByRole('radio', { name: 'All games' }));
    type('Percentage off *', '20');
    type('Starts (Tallinn time) *', '2026-03-28T10:00');
    type('Ends (Tallinn time) *', '2026-03-29T10:00');
    save();
    const ends = screen.getByLabelText('Ends (Tallinn time) *');
    await waitFor(() => expect(ends.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(`${ends.id}-error`)?.textContent;
    expect(message).toBe('Some of the data sent is not valid. Check it and try again.');
    // Under its field only, not again above the buttons.
    expect(screen.getAllByText('Some of the data sent is not valid. Check it and try again.')).toHaveLength(
      1,
    );
  });
});
