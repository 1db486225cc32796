import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { useSession } from '#src/lib/session.ts';
import { jsonResponse } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { customer, stubWishlistServer, wishlistItem } from '../testing/wishlist-fixtures.ts';
import { rememberWish } from '../utils/pending-wish.ts';
import { WishAfterLogin } from './wish-after-login.tsx';

/** Where the customer is, once the session is known. */
function Where(): ReactNode {
  const location = useLocation();
  const { isLoggedIn } = useSession();
  return <p data-testid="where">{isLoggedIn ? `${location.pathname}${location.search}` : 'checking'}</p>;
}

describe('a wish made before logging in', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('goes on the wishlist once the customer is logged in, and they are back on their page', async () => {
    rememberWish({ providerId: 'kl-lumen', title: 'Lumen Drift', returnTo: '/product?session=kl-lumen' });
    const calls = stubWishlistServer({
      user: customer,
      change: ({ method }) => (method === 'PUT' ? jsonResponse(201, wishlistItem()) : undefined),
    });
    renderWithProviders(
      <>
        <WishAfterLogin />
        <Where />
        <PageNotices />
      </>,
      { route: '/store' },
    );
    expect(await screen.findByText('“Lumen Drift” is on your wishlist.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/product?session=kl-lumen');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([
      '/api/wishlist/kl-lumen',
    ]);
    expect(sessionStorage.length).toBe(0);
  });

  it('does nothing without a wish, nor for a page outside the store', async () => {
    rememberWish({ providerId: 'kl-lumen', title: 'Lumen Drift', returnTo: 'https://evil.example/' });
    const calls = stubWishlistServer({ user: customer });
    renderWithProviders(
      <>
        <WishAfterLogin />
        <Where />
      </>,
      { route: '/store' },
    );
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/store'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
