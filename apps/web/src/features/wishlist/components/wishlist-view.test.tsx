import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { customer, stubWishlistServer, wishlistItem } from '../testing/wishlist-fixtures.ts';
import { WishlistView } from './wishlist-view.tsx';

function renderView() {
  renderWithProviders(
    <>
      <WishlistView
        renderAddToCart={({ title, soldOut }) => (
          <button type="button" disabled={soldOut}>{`Add to cart: ${title}`}</button>
        )}
      />
      <PageNotices />
    </>,
    { route: '/wishlist' },
  );
}

describe('the wishlist page', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits with a spinner, then lists each game with today’s price, the 30-day lowest, stock and the cart', async () => {
    stubWishlistServer({
      user: customer,
      items: [
        wishlistItem(),
        wishlistItem({
          providerId: 'kl-ember',
          title: 'Ember Fall',
          price: 9.99,
          priceReference: 19.99,
          discountPercent: 50,
          lowest30Days: 9.99,
          stock: 0,
        }),
        wishlistItem({ providerId: 'kl-gone', title: 'Gone Game', available: false, stock: 0 }),
      ],
    });
    renderView();
    expect(screen.getByText('Loading your wishlist…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your wishlist' })).toBeTruthy();
    expect(await screen.findByText('3 games of 200')).toBeTruthy();

    const [lumen, ember, gone] = screen.getAllByTestId('wishlist-entry');
    if (!lumen || !ember || !gone) throw new Error('three entries expected');
    expect(within(lumen).getByRole('link', { name: 'Lumen Drift' }).getAttribute('href')).toBe(
      '/product?title=lumen-drift&session=kl-lumen',
    );
    expect(within(lumen).getByTestId('wishlist-price').textContent).toBe('€19.99');
    expect(within(lumen).getByTestId('wishlist-lowest').textContent).toBe('€14.50');
    expect(within(lumen).getByTestId('wishlist-stock').textContent).toBe('In stock: 4');
    expect(within(lumen).getByRole('button', { name: 'Add to cart: Lumen Drift' })).toBeTruthy();
    expect(within(ember).getByTestId('wishlist-stock').textContent).toBe('Sold out');
    expect(within(ember).getAllByText(/50\s?%/).length).toBeGreaterThan(0);
    expect(
      within(ember).getByRole('button', { name: 'Add to cart: Ember Fall' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(gone).getByTestId('wishlist-stock').textContent).toBe('No longer sold');
    expect(within(gone).queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it('takes a game off the list', async () => {
    stubWishlistServer({
      user: customer,
      items: [wishlistItem(), wishlistItem({ providerId: 'kl-ember', title: 'Ember Fall' })],
      change: ({ method, url }) =>
        method === 'POST' && url === '/api/wishlist/kl-lumen/remove'
          ? jsonResponse(200, { removed: true })
          : undefined,
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lumen Drift from your wishlist' }));
    expect(await screen.findByText('“Lumen Drift” was removed from your wishlist.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('wishlist-entry')).toHaveLength(1));
    expect(screen.getByText('1 game of 200')).toBeTruthy();
  });

  it('shows a way forward when the list is empty, and a retry when it could not be loaded', async () => {
    stubWishlistServer({ user: customer, items: [] });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the store' }).getAttribute('href')).toBe('/store');

    cleanup();
    vi.unstubAllGlobals();
    stubFetch((call) =>
      call.url === '/api/wishlist'
        ? jsonResponse(503, { error: 'SERVICE_UNAVAILABLE', message: 'Unavailable' })
        : jsonResponse(200, { user: customer }),
    );
    renderView();
    expect(await screen.findByRole('heading', { name: 'Your wishlist could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sets a game’s alerts: a price limit typed with a comma, back in stock; a limit that is no price is refused', async () => {
    const calls = stubWishlistServer({
      user: customer,
      items: [wishlistItem()],
      change: ({ method, url, body }) =>
        method === 'PUT' && url === '/api/wishlist/kl-lumen/alert'
          ? jsonResponse(200, wishlistItem({ alert: body as ReturnType<typeof wishlistItem>['alert'] }))
          : undefined,
    });
    renderView();
    const entry = await screen.findByTestId('wishlist-entry');
    expect(within(entry).getByTestId('alert-summary').textContent).toBe('Off');
    fireEvent.click(within(entry).getByText('E-mail alerts'));
    const limit = within(entry).getByLabelText('Only at or below (€)') as HTMLInputElement;
    expect(limit.disabled).toBe(true);
    fireEvent.click(within(entry).getByLabelText('When the price drops'));
    fireEvent.change(limit, { target: { value: 'cheap' } });
    fireEvent.click(within(entry).getByRole('button', { name: 'Save alerts' }));
    expect(await within(entry).findByText('Write a price in euros above 0, such as 19.99.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(limit, { target: { value: '12,50' } });
    fireEvent.click(within(entry).getByLabelText('When it is back in stock after selling out'));
    fireEvent.click(within(entry).getByRole('button', { name: 'Save alerts' }));
    expect(await within(entry).findByText('Alerts saved.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { priceDrop: true, priceBelow: 12.5, backInStock: true },
    ]);
    expect(within(entry).getByTestId('alert-summary').textContent).toBe(
      'Price at or below €12.50 · Back in stock',
    );
  });
});
