import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCountGamesQueryOptions } from '#src/features/catalogue/api/count-games.ts';
import { getCataloguePageQueryOptions } from '#src/features/catalogue/api/get-catalogue-page.ts';
import { getPlatformsQueryOptions } from '#src/features/catalogue/api/get-platforms.ts';
import { prefetchCatalogue } from '#src/features/catalogue/api/prefetch-catalogue.ts';
import { FIRST_DATA_ID, readFirstData, seedFirstData } from './first-data.ts';
import { createQueryClient } from './query-client.ts';
import { getSessionQueryOptions } from './session.ts';

const game = {
  id: 1,
  providerId: 'kl-1',
  productId: 'p-1',
  identifier: 'SKU-1',
  title: 'Evil </script><script>alert(1)</script>',
  price: 10,
  price_sell: 8.26,
  price_sell_taxed: 10,
  stock: 3,
  platform: 'Steam',
  cover: '/media/cover.webp',
  cover_b: null,
  region: 'EU',
  language: 'Multilanguage',
  release_date: null,
};
const user = { email: 'ana@example.com', country: 'ES', kl_user_role: 'customer', kl_email_verified: true };

/** The block as the server writes it for /store?name=evil&page=2 (JSON with `<` escaped). */
function writeBlock(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_DATA_ID;
  element.textContent = text;
  document.head.append(element);
}

const serverJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

describe('first data written into the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById(FIRST_DATA_ID)?.remove();
  });

  it('seeds the session and the catalogue queries under the keys the screens use, then removes the block', async () => {
    writeBlock(
      serverJson({
        queries: [
          { key: ['session'], data: { user } },
          {
            key: [
              'catalogue',
              'page',
              { name: 'evil', platform: '', onSale: false, sort: 'relevance', page: 2 },
            ],
            data: [game],
          },
          { key: ['catalogue', 'count', { name: 'evil', platform: '', onSale: false }], data: { total: 13 } },
          { key: ['catalogue', 'platforms'], data: ['Steam'] },
        ],
      }),
    );
    const fetchMock = vi.fn(async () => {
      throw new Error('no call expected');
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();

    expect(seedFirstData(queryClient)).toBe(4);
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();

    expect(queryClient.getQueryData(getSessionQueryOptions().queryKey)).toEqual({ user });
    const search = { name: 'evil', platform: '', onSale: false };
    expect(
      queryClient.getQueryData(
        getCataloguePageQueryOptions({ ...search, sort: 'relevance', page: 2 }).queryKey,
      ),
    ).toEqual([game]);
    expect(queryClient.getQueryData(getCountGamesQueryOptions(search).queryKey)).toEqual({ total: 13 });
    expect(queryClient.getQueryData(getPlatformsQueryOptions().queryKey)).toEqual(['Steam']);

    // What main.tsx and the catalogue route's loader do at start then asks the API nothing.
    await queryClient.prefetchQuery(getSessionQueryOptions());
    await prefetchCatalogue(queryClient, 'http://localhost/store?name=evil&page=2');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing without a block, and the page asks the API as usual', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ user: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();

    expect(seedFirstData(queryClient)).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await queryClient.prefetchQuery(getSessionQueryOptions());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores an unreadable block', () => {
    writeBlock('{"queries": [');
    const queryClient = createQueryClient();
    expect(seedFirstData(queryClient)).toBe(0);
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("reads what a page the server rendered starts from: its language, clock and the router's data", () => {
    const router = { loaderData: { '0-0-1': null }, actionData: null, errors: null };
    writeBlock(
      serverJson({
        queries: [{ key: ['session'], data: { user: null } }],
        render: { language: 'de', at: 1_700_000_040_000, router },
      }),
    );
    expect(readFirstData()).toEqual({
      queries: [{ key: ['session'], data: { user: null } }],
      render: { language: 'de', at: 1_700_000_040_000, router },
    });
    expect(document.getElementById(FIRST_DATA_ID)).toBeNull();

    // A render block that is not whole is no render: the page is drawn afresh.
    writeBlock(serverJson({ queries: [], render: { language: 'de' } }));
    expect(readFirstData()).toEqual({ queries: [], render: undefined });
  });
});
