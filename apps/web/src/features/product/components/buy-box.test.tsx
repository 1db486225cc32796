import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameDetailFixture as game } from '#src/features/product/testing/game-detail-fixture.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { BuyBox } from './buy-box.tsx';

describe('BuyBox', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    // The session check: a visitor.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a price that is not reduced alone, with its VAT note', () => {
    renderWithProviders(<BuyBox game={game} renderAddToCart={() => null} />);
    const offer = screen.getByTestId('offer-banner');
    expect(within(offer).getByTestId('product-price').textContent).toBe('€19.99');
    expect(offer.textContent).toContain('VAT included');
    expect(offer.querySelector('s')).toBeNull();
    expect(within(offer).queryByTestId('discount-badge')).toBeNull();
  });

  it('shows a sale: the struck 30-day reference, the percentage off and the end', () => {
    renderWithProviders(
      <BuyBox
        game={{
          ...game,
          priceSellWithTax: 13.99,
          priceReference: 19.99,
          discountPercent: 30,
          saleEndsAt: '2099-01-31T18:00:00Z',
        }}
        renderAddToCart={() => null}
      />,
    );
    const offer = screen.getByTestId('offer-banner');
    expect(within(offer).getByTestId('product-price').textContent).toBe('€13.99');
    expect(offer.querySelector('s')?.textContent).toBe('€19.99');
    expect(within(offer).getByText('Lowest price of the previous 30 days:')).toBeTruthy();
    expect(within(offer).getByTestId('discount-badge').textContent).toContain('−30 %');
    expect(offer.querySelector('time')?.getAttribute('dateTime')).toBe('2099-01-31T18:00:00Z');
  });

  it('says where the key activates in the words of the details, and no free-text region', () => {
    renderWithProviders(<BuyBox game={game} renderAddToCart={() => null} />);
    const offer = screen.getByTestId('offer-banner');
    expect(within(offer).getByTestId('offer-activation').parentElement?.textContent).toBe(
      'Activates in: Germany and Austria',
    );
    expect(offer.textContent).not.toContain('Region');
    cleanup();
    renderWithProviders(
      <BuyBox game={{ ...game, activation: { scope: 'eu', countries: [] } }} renderAddToCart={() => null} />,
    );
    expect(screen.getByTestId('offer-activation').textContent).toBe('The whole EU and EEA');
  });
});
