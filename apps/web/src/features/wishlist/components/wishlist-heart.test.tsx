import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { jsonResponse } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { customer, stubWishlistServer, wishlistItem } from '../testing/wishlist-fixtures.ts';
import { wishFromSearch } from '../utils/pending-wish.ts';
import { WishlistHeart } from './wishlist-heart.tsx';

function renderHeart(size: 'card' | 'page' = 'card') {
  renderWithProviders(
    <>
      <WishlistHeart providerId="kl-lumen" title="Lumen Drift" size={size} />
      <PageNotices />
    </>,
    { route: '/product?title=lumen-drift&session=kl-lumen' },
  );
}

describe('the wishlist heart', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('is a toggle button named after the game: pressed once the game is on the list, released when it is taken off', async () => {
    const calls = stubWishlistServer({
      user: customer,
      change: ({ method, url }) => {
        if (method === 'PUT' && url === '/api/wishlist/kl-lumen') return jsonResponse(201, wishlistItem());
        if (method === 'POST' && url === '/api/wishlist/kl-lumen/remove')
          return jsonResponse(200, { removed: true });
        return undefined;
      },
    });
    renderHeart();
    const heart = await screen.findByRole('button', { name: 'Wishlist: Lumen Drift', pressed: false });
    await waitFor(() => expect(heart.getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(heart);
    await screen.findByRole('button', { name: 'Wishlist: Lumen Drift', pressed: true });
    expect(await screen.findByText('“Lumen Drift” is on your wishlist.')).toBeTruthy();

    fireEvent.click(heart);
    await screen.findByRole('button', { name: 'Wishlist: Lumen Drift', pressed: false });
    expect(await screen.findByText('“Lumen Drift” was removed from your wishlist.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`)).toEqual(
      ['PUT /api/wishlist/kl-lumen', 'POST /api/wishlist/kl-lumen/remove'],
    );
  });

  it('shows a game already on the list as pressed, and says why an addition is refused', async () => {
    stubWishlistServer({ user: customer, items: [wishlistItem({ providerId: 'kl-other', title: 'Other' })] });
    renderHeart('page');
    const heart = await screen.findByRole('button', { name: 'Wishlist: Lumen Drift', pressed: false });
    expect(heart.textContent).toContain('Wishlist');
    vi.unstubAllGlobals();
    stubWishlistServer({
      user: customer,
      change: () =>
        jsonResponse(409, {
          error: 'WISHLIST_FULL',
          message: 'Your wishlist holds at most 200 games. Remove one to add another.',
        }),
    });
    await waitFor(() => expect(heart.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(heart);
    expect(
      await screen.findByText('Your wishlist holds at most 200 games. Remove one to add another.'),
    ).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    cleanup();
    vi.unstubAllGlobals();
    stubWishlistServer({ user: customer, items: [wishlistItem()] });
    renderHeart();
    expect(await screen.findByRole('button', { name: 'Wishlist: Lumen Drift', pressed: true })).toBeTruthy();
  });

  it('sends a visitor to log in by a link that carries the game and the page to come back to', async () => {
    const calls = stubWishlistServer({ user: null });
    renderHeart();
    const link = await screen.findByRole('link', { name: 'Log in to add Lumen Drift to your wishlist' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/login');
    expect(wishFromSearch(href.search)).toEqual({
      providerId: 'kl-lumen',
      title: 'Lumen Drift',
      returnTo: '/product?title=lumen-drift&session=kl-lumen',
    });
    expect(calls.some((call) => call.url === '/api/wishlist')).toBe(false);
  });
});
