import type { PriceHistory as PriceHistoryData } from '@keyland/core/schemas/promotions';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PriceHistory, stepsOf } from './price-history.tsx';

const DAY_MS = 86_400_000;
const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

const history: PriceHistoryData = {
  providerId: 'kl-1',
  days: 90,
  points: [
    // In effect since before the window opened: drawn from the window's start.
    { at: daysAgo(200), price: 19.99, onSale: false },
    { at: daysAgo(40), price: 24.99, onSale: false },
    { at: daysAgo(10), price: 14.99, onSale: true },
  ],
  current: 14.99,
  lowest: 14.99,
  highest: 24.99,
  reference: 19.99,
  discountPercent: 25,
  saleEndsAt: daysAgo(-3),
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubHistory(answer: () => Response) {
  const fetchMock = vi.fn(async (_url: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('PriceHistory', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says the lowest, highest and current price, draws them and lists them as a table', async () => {
    const fetchMock = stubHistory(() => json(history));
    renderWithProviders(<PriceHistory providerId="kl-1" />);
    const section = screen.getByRole('region', { name: 'Price history' });
    expect(within(section).getByRole('status').textContent).toBe('Loading the price history…');
    expect(within(section).getByTestId('price-history-skeleton')).toBeTruthy();

    const summary = 'Lowest €14.99 and highest €24.99 in the last 90 days; now €14.99.';
    expect(await within(section).findByText(summary)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/kl_api/price_history/kl-1', expect.anything());
    expect(within(section).getByRole('img', { name: summary })).toBeTruthy();
    expect(section.textContent).toContain('Lowest €14.99');
    expect(section.textContent).toContain('Highest €24.99');
    // The sale's stretch is highlighted, and the legend says what the highlight is.
    expect(within(section).getAllByTestId('sale-stretch')).toHaveLength(1);
    expect(section.textContent).toContain('Sale price');
    // The step line: along each price, then straight up or down to the next, never outside the drawing.
    const d =
      within(section).getByRole('img', { name: summary }).querySelector('path')?.getAttribute('d') ?? '';
    const commands = (d.match(/[MVH][^MVH]*/g) ?? []).map((c) => [
      c[0],
      ...c.slice(1).trim().split(/\s+/).map(Number),
    ]);
    expect(commands.map((c) => c[0]).join('')).toBe('MHVHVH');
    expect(commands.map((c) => c.length)).toEqual([3, 2, 2, 2, 2, 2]);
    expect(commands.filter((c) => c[0] === 'H').map((c) => Math.round(Number(c[1])))).toEqual([
      400, 640, 720,
    ]);
    for (const y of commands.filter((c) => c[0] === 'V').map((c) => Number(c[1]))) {
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(160);
    }

    fireEvent.click(within(section).getByText('Show as table'));
    const table = within(section).getByRole('table', { name: /Price changes in the last 90 days/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['€19.99', 'Regular price'],
      ['€24.99', 'Regular price'],
      ['€14.99', 'Sale price'],
    ]);
    expect(within(rows[2] as HTMLElement).getByRole('rowheader').textContent).toContain('2025');
  });

  it('draws a flat line and says the price has not changed when there is one point', async () => {
    stubHistory(() =>
      json({
        ...history,
        points: [{ at: daysAgo(300), price: 12.99, onSale: false }],
        current: 12.99,
        lowest: 12.99,
        highest: 12.99,
        reference: null,
        discountPercent: null,
        saleEndsAt: null,
      }),
    );
    renderWithProviders(<PriceHistory providerId="kl-1" />);
    const unchanged = 'The price has not changed in the last 90 days: €12.99.';
    expect(await screen.findByText(unchanged)).toBeTruthy();
    const chart = screen.getByRole('img', { name: unchanged });
    // One horizontal stroke across the whole width.
    expect(chart.querySelector('path')?.getAttribute('d')).toBe('M 0 80 H 720');
    expect(screen.queryByTestId('sale-stretch')).toBeNull();
    expect(screen.queryByText(/Highest/)).toBeNull();
  });

  it('leaves a short line with a retry when the history cannot be loaded', async () => {
    const fetchMock = stubHistory(() => json({ error: 'INTERNAL_ERROR', message: 'x' }, 500));
    renderWithProviders(<PriceHistory providerId="kl-1" />);
    expect(
      await screen.findByText('The price history could not be loaded.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    fetchMock.mockImplementation(async () => json(history));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /Lowest €14\.99/ })).toBeTruthy();
  });
});

describe('stepsOf', () => {
  it('starts the first price at the window and holds each price until the next', () => {
    const end = NOW.getTime();
    const { start, steps } = stepsOf(history, end);
    expect(start).toBe(end - 90 * DAY_MS);
    expect(steps.map(({ from, to, price }) => [from, to, price])).toEqual([
      [start, end - 40 * DAY_MS, 19.99],
      [end - 40 * DAY_MS, end - 10 * DAY_MS, 24.99],
      [end - 10 * DAY_MS, end, 14.99],
    ]);
    expect(stepsOf({ ...history, points: [] }, end).steps).toEqual([
      expect.objectContaining({ from: start, to: end, price: 14.99, onSale: true }),
    ]);
  });
});
