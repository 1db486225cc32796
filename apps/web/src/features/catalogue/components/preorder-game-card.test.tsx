import type { CatalogueGame } from '@keyland/core/schemas/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { GameCard } from './game-card.tsx';

const game: CatalogueGame = {
  id: 7,
  providerId: 'kl-000007',
  productId: 'p-7',
  identifier: 'starfall',
  title: 'Starfall Tactics',
  price: 59.99,
  price_sell: 48.38,
  price_sell_taxed: 59.99,
  stock: 0,
  platform: 'Steam',
  cover: '/media/covers/kl-000007.svg',
  cover_b: null,
  region: 'EU',
  language: 'English',
  release_date: '2027-03-05',
  price_reference: null,
  discount_percent: null,
  sale_ends_at: null,
  preorder_release: '2027-03-05',
};

describe('a catalogue card of a game sold as a pre-order', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('shows "Pre-order" where an ordinary game shows its stock', () => {
    renderWithProviders(<GameCard game={game} action={null} />);
    const card = screen.getByTestId('game-card');
    expect(within(card).getByTestId('preorder-badge').textContent).toBe('Pre-order');
    expect(within(card).queryByTestId('stock')).toBeNull();
  });

  it('shows the stock of a game sold from stock', () => {
    const { preorder_release: _, ...plain } = game;
    renderWithProviders(<GameCard game={{ ...plain, stock: 3 }} action={null} />);
    const card = screen.getByTestId('game-card');
    expect(within(card).queryByTestId('preorder-badge')).toBeNull();
    expect(within(card).getByTestId('stock').textContent).toContain('3');
  });
});
