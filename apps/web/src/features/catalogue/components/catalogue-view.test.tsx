import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CatalogueView } from './catalogue-view.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A catalogue with no game on sale; every request body is kept by path. */
function stubEmptySale() {
  const bodies: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const sent = bodies[url] ?? [];
      sent.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      bodies[url] = sent;
      if (url === '/api/kl_api/catalog_paginated') return json([]);
      if (url === '/api/kl_api/count_games') return json({ total: 0 });
      return json([]);
    }),
  );
  return bodies;
}

function ViewAtAddress(): ReactNode {
  const { search } = useLocation();
  return (
    <>
      <CatalogueView renderAction={() => null} />
      <output data-testid="address">{search}</output>
    </>
  );
}

describe('CatalogueView: only games on sale', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the server for the games on sale by biggest discount, and says when there is no sale', async () => {
    const bodies = stubEmptySale();
    renderWithProviders(<ViewAtAddress />, { route: '/publicstore?sale=1&sort=discount_desc' });

    expect(await screen.findByRole('heading', { name: 'No sale right now' })).toBeTruthy();
    expect(bodies['/api/kl_api/catalog_paginated']?.[0]).toMatchObject({
      offset: 0,
      sort: 'discount_desc',
      filters: { onSale: true },
    });
    expect(bodies['/api/kl_api/count_games']?.[0]).toMatchObject({ filters: { onSale: true } });

    // The way out: the whole catalogue, in the same order.
    fireEvent.click(screen.getByRole('button', { name: 'Show all games' }));
    expect(screen.getByTestId('address').textContent).toBe('?sort=discount_desc');
  });

  it('offers to include the games not on sale when a search finds none on sale', async () => {
    stubEmptySale();
    renderWithProviders(<ViewAtAddress />, { route: '/publicstore?name=orbit&sale=1' });
    expect(await screen.findByText(/No game on sale matches this search/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Include games not on sale' }));
    expect(screen.getByTestId('address').textContent).toBe('?name=orbit');
  });
});
