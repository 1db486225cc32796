import type { CatalogueGame } from '@keyland/core/schemas/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { LoginToBuyLink } from './card-actions.tsx';
import { GameCard } from './game-card.tsx';

const game: CatalogueGame = {
  id: 1,
  providerId: 'kl-000001',
  productId: 'p-1',
  identifier: 'steam-labyrinth',
  title: 'Labyrinth of Low Harrow (PC) Deluxe Edition',
  price: 12.99,
  price_sell: 10.48,
  price_sell_taxed: 12.99,
  stock: 42,
  platform: 'Steam',
  cover: '/media/covers/kl-000001.svg',
  cover_b: null,
  region: 'EU',
  language: '',
  release_date: '2011-12-21',
  price_reference: null,
  discount_percent: null,
  sale_ends_at: null,
};

describe('GameCard', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('shows the price with VAT, a capped stock and links the title to the detail page', () => {
    renderWithProviders(<GameCard game={game} action={<LoginToBuyLink title={game.title} />} />);
    const card = screen.getByTestId('game-card');

    expect(within(card).getByTestId('price').textContent).toBe('€12.99');
    expect(card.querySelector('s')).toBeNull();
    expect(within(card).getByTestId('stock').textContent).toMatch(/^\D*10\+$/);

    const links = within(card).getAllByRole('link');
    expect(links[0]?.getAttribute('href')).toBe('/product?title=labyrinth-of-low-harrow&session=kl-000001');
    expect(links[1]?.getAttribute('href')).toBe('/login');

    expect(screen.getByRole('article', { name: game.title })).toBe(card);
    expect(
      within(card)
        .getByRole('img', { name: `Cover of ${game.title}` })
        .getAttribute('width'),
    ).toBe('300');
    expect(card.textContent).toContain('—');
    expect(card.textContent).toContain('Dec 21, 2011');
  });

  it('shows a game on sale with its struck 30-day reference, the percentage off and the end', () => {
    renderWithProviders(
      <GameCard
        game={{
          ...game,
          price_sell_taxed: 9.09,
          price_reference: 12.99,
          discount_percent: 30,
          sale_ends_at: '2099-01-31T18:00:00Z',
        }}
        action={null}
      />,
    );
    const card = screen.getByTestId('game-card');
    expect(within(card).getByTestId('price').textContent).toBe('€9.09');
    expect(card.querySelector('s')?.textContent).toBe('€12.99');
    expect(within(card).getByTestId('discount-badge').textContent).toContain('−30 %');
    // The end shows once, under the row of price and stock.
    expect(card.querySelectorAll('time[datetime="2099-01-31T18:00:00Z"]')).toHaveLength(1);
    expect(card.textContent).toContain('Sale ends');
  });

  it('writes the price in the chosen language', async () => {
    await setupI18n('es');
    renderWithProviders(<GameCard game={{ ...game, stock: 3 }} action={null} />);
    expect(screen.getByTestId('price').textContent?.replace(/\s/g, ' ')).toBe('12,99 €');
    expect(screen.getByTestId('stock').textContent).toMatch(/^\D*3$/);
    await setupI18n('en');
  });
});
