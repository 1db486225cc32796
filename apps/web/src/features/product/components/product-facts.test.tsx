import type { GameDetail } from '@keyland/core/schemas/game-detail';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ProductFacts } from './product-facts.tsx';

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

/** The value next to a fact's label. */
const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('where the keys of a game activate', () => {
  afterEach(cleanup);

  it('names the countries in the page language', async () => {
    await setupI18n('en');
    renderWithProviders(<ProductFacts game={game} />);
    expect(fact('Activates in')).toBe('Only in: Germany and Austria');
    cleanup();
    await setupI18n('es');
    renderWithProviders(<ProductFacts game={game} />);
    expect(screen.getByTestId('product-activation').textContent).toMatch(/Alemania y Austria/);
    await setupI18n('en');
  });

  it('says EU/EEA or worldwide, and nothing when the server gives no scope', async () => {
    await setupI18n('en');
    renderWithProviders(<ProductFacts game={{ ...game, activation: { scope: 'eu', countries: [] } }} />);
    expect(fact('Activates in')).toBe('The whole EU and EEA');
    cleanup();
    renderWithProviders(
      <ProductFacts game={{ ...game, activation: { scope: 'worldwide', countries: [] } }} />,
    );
    expect(fact('Activates in')).toBe('Worldwide');
    cleanup();
    const { activation: _a, ...old } = game;
    renderWithProviders(<ProductFacts game={old} />);
    expect(screen.queryByText('Activates in')).toBeNull();
  });
});
