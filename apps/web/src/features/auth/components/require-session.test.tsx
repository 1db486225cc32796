import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '#src/lib/i18n.ts';
import { sessionQueryKey } from '#src/lib/query-keys.ts';
import { setupI18n } from '#src/testing/test-utils.tsx';
import { RequireSession } from './require-session.tsx';

beforeAll(() => setupI18n());
afterEach(cleanup);

function renderAt(first: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionQueryKey, { user: { kl_user_id: 1, kl_user_role: 'customer' } });
  let finishLoading: () => void = () => undefined;
  const publicStoreLoaded = new Promise<null>((resolve) => {
    finishLoading = () => resolve(null);
  });
  const router = createMemoryRouter(
    [
      { path: '/publicstore', loader: () => publicStoreLoaded, element: <h1>Public store</h1> },
      { path: '/login', element: <h1>Log in</h1> },
      { Component: RequireSession, children: [{ path: '/store', element: <h1>Store</h1> }] },
    ],
    { initialEntries: [first] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, queryClient, finishLoading };
}

describe('RequireSession', () => {
  it('sends a visitor whose session ended to /login', async () => {
    const { router, queryClient } = renderAt('/store');
    expect(await screen.findByRole('heading', { name: 'Store' })).toBeTruthy();
    act(() => queryClient.setQueryData(sessionQueryKey, { user: null }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a navigation under way finish when the session ends on the way out (logging out)', async () => {
    const { router, queryClient, finishLoading } = renderAt('/store');
    expect(await screen.findByRole('heading', { name: 'Store' })).toBeTruthy();
    // Logging out: the page starts for /publicstore, whose data is still loading, and the session ends.
    act(() => void router.navigate('/publicstore'));
    act(() => queryClient.setQueryData(sessionQueryKey, { user: null }));
    // Every effect the ended session caused has run: the store is being left, not sent to /login.
    await act(async () => undefined);
    expect(router.state.navigation.location?.pathname).toBe('/publicstore');
    await act(async () => finishLoading());
    expect(await screen.findByRole('heading', { name: 'Public store' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/publicstore');
  });
});
