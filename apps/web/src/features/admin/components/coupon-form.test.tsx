import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { type FetchCall, jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CouponCreateView } from './coupon-create-view.tsx';

/** Two games of the catalogue as the admin products search lists them. */
const drifts = [11, 12].map((id) => ({
  id,
  title: id === 11 ? 'Lumen Drift' : 'Lumen Drift II',
  platform: 'Xbox',
  price: 19.5,
  hidden: false,
  keys: { available: 8, reserved: 1, sold: 0, revoked: 0 },
}));

const CSV = 'code\nXMAS-7KQ2M9\nXMAS-P4D8VX\nXMAS-3HNW6T\n';

/** The coupons API as the form uses it: the platforms, the games search, a creation (or its refusal), a batch. */
function stubServer({ refuse }: { refuse?: { error: string; message: string } } = {}) {
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/kl_api/get_platforms') return jsonResponse(200, ['Steam', 'Xbox']);
    if (url.startsWith('/api/admin/products?q=drift')) return jsonResponse(200, { items: drifts, total: 2 });
    if (url === '/api/admin/coupons/generate')
      return new Response(CSV, {
        status: 201,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="coupons-12.csv"',
        },
      });
    if (url !== '/api/admin/coupons') return jsonResponse(404, { error: 'NOT_FOUND', message: 'x' });
    if (method === 'GET') return jsonResponse(200, { items: [] });
    if (refuse) return jsonResponse(409, refuse);
    return jsonResponse(201, { ...(body as object), id: 9, codes: 1, status: 'scheduled' });
  });
}

const saves = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.includes('coupons'));

function renderScreen(mode: 'code' | 'generate') {
  return renderWithProviders(
    <>
      <CouponCreateView mode={mode} />
      <PageNotices />
    </>,
    { route: mode === 'code' ? '/admin/coupons/new' : '/admin/coupons/generate' },
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string) =>
  document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent;

describe('the coupon form', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the code, the percentage and the end before sending', async () => {
    const calls = stubServer();
    renderScreen('code');
    type('Name *', 'Winter welcome');
    type('Uses per customer *', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Write the code.')).toBeTruthy();
    expect(screen.getByText('Write the percentage off.')).toBeTruthy();
    expect(screen.getByText('Choose when it ends.')).toBeTruthy();
    expect(screen.getByText('Write how many times one customer may use it.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code *')));
    type('Code *', 'a b');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(
      await screen.findByText('Use 3 to 40 letters, digits and dashes, starting with a letter or a digit.'),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('creates a coupon of an amount off chosen games: euros as numbers, times read in Tallinn time', async () => {
    const calls = stubServer();
    renderScreen('code');
    type('Name *', ' Lumen fans ');
    type('Code *', 'lumen-5');
    fireEvent.click(screen.getByRole('radio', { name: 'Amount off' }));
    expect(screen.queryByLabelText('Percentage off *')).toBeNull();
    type('Amount off in euros *', '4,99');
    type('Minimum basket in euros', '20');
    fireEvent.click(screen.getByRole('radio', { name: 'Chosen games' }));
    type('Search the catalogue by title', 'drift');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Games matching “drift”' });
    fireEvent.click(within(found).getByRole('checkbox', { name: 'Lumen Drift II · Xbox · €19.50' }));
    expect(screen.getByText('1 game chosen')).toBeTruthy();
    // Either side of the end of summer time (25 October): UTC+3, then UTC+2.
    type('Starts (Tallinn time)', '2026-10-24T12:00');
    type('Ends (Tallinn time) *', '2026-10-31T12:00');
    type('Uses in total', '100');
    type('Uses per customer *', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('“Lumen fans” was created with the code LUMEN-5.')).toBeTruthy();
    expect(saves(calls).map((call) => call.body)).toEqual([
      {
        name: 'Lumen fans',
        code: 'LUMEN-5',
        kind: 'amount',
        percentOff: null,
        amount: 4.99,
        minBasket: 20,
        startsAt: '2026-10-24T09:00:00.000Z',
        endsAt: '2026-10-31T10:00:00.000Z',
        maxUses: 100,
        perCustomer: 2,
        scope: 'games',
        platform: null,
        gameIds: [12],
      },
    ]);
  });

  it('shows a code already in use under the code field', async () => {
    stubServer({ refuse: { error: 'COUPON_CODE_TAKEN', message: 'Another coupon already has this code.' } });
    renderScreen('code');
    type('Name *', 'Winter welcome');
    type('Code *', 'WINTER-10');
    type('Percentage off *', '10');
    type('Ends (Tallinn time) *', '2026-12-31T23:59');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(screen.getByLabelText('Code *').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf('Code *')).toBe('Another coupon already has this code.');
    // Under its field only, not again above the buttons.
    expect(screen.getAllByText('Another coupon already has this code.')).toHaveLength(1);
  });

  it('generates a batch of codes, downloads their CSV file and says how many were made', async () => {
    const calls = stubServer();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:coupons-12');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    renderScreen('generate');
    expect(screen.queryByLabelText('Code *')).toBeNull();
    type('Name *', 'Newsletter December');
    fireEvent.click(screen.getByRole('button', { name: 'Generate and download' }));
    expect(await screen.findByText('Write how many codes to generate.')).toBeTruthy();
    type('Number of codes *', '3');
    type('Prefix', 'xmas');
    type('Percentage off *', '15');
    type('Ends (Tallinn time) *', '2026-12-24T23:59');
    fireEvent.click(screen.getByRole('button', { name: 'Generate and download' }));
    expect(
      await screen.findByText(
        '3 codes of “Newsletter December” were generated and downloaded as coupons-12.csv.',
      ),
    ).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/admin/coupons/generate',
        body: {
          name: 'Newsletter December',
          count: 3,
          prefix: 'XMAS',
          kind: 'percent',
          percentOff: 15,
          amount: null,
          minBasket: 0,
          endsAt: '2026-12-24T21:59:00.000Z',
          maxUses: null,
          perCustomer: 1,
          scope: 'all',
          platform: null,
          gameIds: [],
        },
      },
    ]);
    expect(downloads).toEqual([{ href: 'blob:coupons-12', download: 'coupons-12.csv' }]);
    const [saved] = createObjectURL.mock.calls[0] ?? [];
    expect(saved instanceof Blob ? await saved.text() : saved).toBe(CSV);
  });
});
