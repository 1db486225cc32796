import type { GameDetail } from '@keyland/core/schemas/game-detail';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { BuyBox } from './buy-box.tsx';

const game: GameDetail = {
  name: 'Lumen Drift',
  platform: 'Steam',
  description: '',
  released: '2024-03-01',
  background_image: null,
  background_image_additional: null,
  website: null,
  rating: 0,
  ratings: [],
  platforms: [],
  genres: [],
  tags: [],
  developers: [],
  publishers: [],
  categories: [],
  photos: [],
  videos: [],
  stores: [],
  minimumRequirements: null,
  region: 'EU',
  activation: { scope: 'countries', countries: ['DE', 'AT'] },
  language: 'English',
  price: 19.99,
  priceSell: 16.12,
  priceSellWithTax: 19.99,
  provider_id: 'kl-lumen',
  productId: 'p-lumen',
  identifier: 'lumen',
  slug: 'lumen-drift',
  stock: 4,
  cover: '',
};

describe('BuyBox price', () => {
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
});
