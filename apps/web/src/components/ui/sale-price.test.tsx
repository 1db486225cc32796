import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { SalePrice, type SalePriceProps } from './sale-price.tsx';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const NOW = new Date('2025-06-02T10:00:00Z');

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

/** Lets the clock run minute by minute, each minute's update rendered before the next. */
function passMinutes(count: number) {
  for (let minute = 0; minute < count; minute += 1) act(() => vi.advanceTimersByTime(MINUTE_MS));
}

function renderPrice(props: Partial<SalePriceProps> = {}) {
  return renderWithProviders(
    <SalePrice price={12.99} label="Price" note="VAT included" testId="price" {...props} />,
  );
}

describe('SalePrice', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a price that is not reduced as always: no struck price, badge or end', () => {
    const { container } = renderPrice({ size: 'card' });
    expect(screen.getByTestId('price').textContent).toBe('€12.99');
    // The very markup the card had before sales existed.
    expect(container.innerHTML).toBe(
      '<p class="flex flex-col"><span class="sr-only">Price: </span>' +
        '<span data-testid="price" class="text-lg leading-tight font-bold text-brand tabular-nums">€12.99</span>' +
        '<span class="text-[0.6875rem] text-ink-muted">VAT included</span></p>',
    );
    expect(container.querySelector('s, del')).toBeNull();
    expect(screen.queryByTestId('discount-badge')).toBeNull();
    expect(container.textContent).not.toMatch(/Sale ends|Ends in|Lowest/);
    // Without a reference, a stray end time or percentage does not make a price look reduced.
    cleanup();
    renderPrice({ discountPercent: 20, saleEndsAt: '2025-06-03T10:00:00Z' });
    expect(screen.queryByTestId('discount-badge')).toBeNull();
    expect(document.body.textContent).not.toContain('Sale ends');
  });

  it('strikes the 30-day reference through, names it for screen readers and shows the percentage off', () => {
    const { container } = renderPrice({ reference: 19.99, discountPercent: 35 });
    expect(screen.getByTestId('price').textContent).toBe('€12.99');
    const struck = container.querySelector('s');
    expect(struck?.textContent).toBe('€19.99');
    expect(screen.getByText('Lowest price of the previous 30 days:').className).toContain('sr-only');
    const badge = screen.getByTestId('discount-badge');
    expect(badge.textContent).toContain('−35 %');
    expect(screen.getByText('35 % off').className).toContain('sr-only');
    // Read in order: the price now, then what it is reduced from.
    expect(text(container.querySelector('p'))).toMatch(
      /^Price: €12\.99 ?VAT included ?Lowest price of the previous 30 days: €19\.99/,
    );
  });

  it('works the percentage out with the shared rule when only the reference came, rounded down', () => {
    renderPrice({ price: 13.0, reference: 19.99 });
    expect(screen.getByTestId('discount-badge').textContent).toContain('−34 %');
    cleanup();
    // A reference that is not above the price is no reduction.
    const { container } = renderPrice({ price: 13.0, reference: 13.0 });
    expect(container.querySelector('s')).toBeNull();
  });

  it('says when the sale ends, in the reader’s time zone, without a countdown while 48 hours or more remain', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const ends = new Date(NOW.getTime() + 72 * HOUR_MS).toISOString();
    const { container } = renderPrice({ reference: 19.99, discountPercent: 35, saleEndsAt: ends });
    expect(container.textContent).toContain('Sale ends');
    const time = container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(ends);
    expect(time?.textContent).toContain('2025');
    expect(screen.queryByRole('timer')).toBeNull();
    // The countdown appears once less than 48 hours are left.
    act(() => vi.advanceTimersByTime(24 * HOUR_MS));
    expect(screen.queryByRole('timer')).toBeNull();
    act(() => vi.advanceTimersByTime(MINUTE_MS));
    expect(screen.getByRole('timer').textContent).toBe('Ends in 47 h 59 min');
  });

  it('counts down each minute in the last 48 hours and stops at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const ends = new Date(NOW.getTime() + 5 * HOUR_MS + 12 * MINUTE_MS).toISOString();
    renderPrice({ reference: 19.99, discountPercent: 35, saleEndsAt: ends });
    expect(screen.getByRole('timer').textContent).toBe('Ends in 5 h 12 min');
    passMinutes(1);
    expect(screen.getByRole('timer').textContent).toBe('Ends in 5 h 11 min');
    passMinutes(11);
    expect(screen.getByRole('timer').textContent).toBe('Ends in 5 h');
    passMinutes(5 * 60 - 1);
    expect(screen.getByRole('timer').textContent).toBe('Ends in 1 min');
    passMinutes(1);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('This sale has ended')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows no countdown and no end line without an end time', () => {
    vi.useFakeTimers();
    const { container } = renderPrice({ reference: 19.99, discountPercent: 35 });
    expect(container.textContent).not.toContain('Sale ends');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
