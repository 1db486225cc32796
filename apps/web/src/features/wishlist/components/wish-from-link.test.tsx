import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { stubWishlistServer } from '../testing/wishlist-fixtures.ts';
import { takeWish, wishFromSearch, wishSearch } from '../utils/pending-wish.ts';
import { WishFromLink } from './wish-from-link.tsx';

describe('a wish carried by the login link', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('is kept on the login page until the visitor is logged in', async () => {
    stubWishlistServer({ user: null });
    const search = wishSearch({
      providerId: 'kl-lumen',
      title: 'Lumen Drift',
      returnTo: '/product?session=kl-lumen',
    });
    renderWithProviders(<WishFromLink />, { route: `/login${search}` });
    await vi.waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(takeWish()).toMatchObject({
      providerId: 'kl-lumen',
      title: 'Lumen Drift',
      returnTo: '/product?session=kl-lumen',
    });
  });

  it('is refused when it would lead outside the store or names no game', () => {
    for (const back of ['https://evil.example/', '//evil.example/', '/\\evil.example/', 'product'])
      expect(wishFromSearch(`?wish=kl-lumen&title=Lumen&back=${encodeURIComponent(back)}`)).toBeUndefined();
    expect(wishFromSearch('?title=Lumen&back=%2Fstore')).toBeUndefined();
    expect(wishFromSearch('')).toBeUndefined();
    expect(wishFromSearch('?wish=kl-lumen&title=Lumen&back=%2Fstore%3Fpage%3D2')).toEqual({
      providerId: 'kl-lumen',
      title: 'Lumen',
      returnTo: '/store?page=2',
    });
  });
});
