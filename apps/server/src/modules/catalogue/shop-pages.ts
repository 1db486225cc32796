import { cataloguePageRequestOf, choosesInCatalogue, readCatalogueAddress } from '@keyland/core/catalogue';
import { DEFAULT_LOCALE } from '@keyland/core/locales';
import type { SessionUser } from '@keyland/core/schemas/accounts';
import {
  catalogueFiltersSchema,
  cataloguePageRequestSchema,
  cataloguePageSchema,
} from '@keyland/core/schemas/catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopRoute, WebManifest } from '../../lib/web-manifest.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { escapeHtml, jsonForScript, type PageHead } from './product-page.ts';

/*
 * The first paint of the shop's pages without waiting for round trips (docs/decisions/021): the HTML of
 * /, /publicstore, /store and /product announces the page's code (modulepreload of its chunks and of the
 * English texts, which i18n always loads as the fallback language) and carries the answers the page asks
 * for at start — the session check and, on the catalogue pages, the first catalogue page, the count and
 * the platforms — as a JSON data block. The web app seeds its query cache from the block (main.tsx).
 * Only what a customer's own API calls would answer goes in: the catalogue calls answer the same to
 * admins (no wholesale figures), and the session block is the caller's own user_online answer.
 */

/** The id of the data block; the web app reads it once at start (src/lib/first-data.ts). */
export const FIRST_DATA_ID = 'keyland-first-data';

/** One seeded query: the web app's query key and the answer its query function would return. */
export interface FirstQuery {
  key: readonly unknown[];
  data: unknown;
}

/** The shop route of an address's path, if the server prepares its first paint. */
export function shopRouteOf(pathname: string): ShopRoute | undefined {
  if (pathname === '/' || pathname === '/publicstore') return 'publicStore';
  if (pathname === '/store') return 'store';
  if (pathname === '/product') return 'product';
  return undefined;
}

/** The catalogue queries of the screen at `searchParams`, keyed as the web app keys them. */
export async function catalogueQueries(
  service: CatalogueService,
  searchParams: URLSearchParams,
): Promise<FirstQuery[]> {
  const address = readCatalogueAddress(searchParams);
  const request = cataloguePageRequestSchema.safeParse(cataloguePageRequestOf(address));
  // An address the API would refuse (a name too long…) is left to the page, which shows the error.
  if (!request.success) return [];
  const search = { name: address.name, platform: address.platform, onSale: address.onSale };
  const [page, total, platforms] = await Promise.all([
    service.page(request.data),
    service.count(catalogueFiltersSchema.parse(request.data.filters)),
    service.platforms(),
  ]);
  return [
    // Through the response schema, as the API's serializer sends it (public fields only).
    { key: ['catalogue', 'page', address], data: cataloguePageSchema.parse(page) },
    { key: ['catalogue', 'count', search], data: { total } },
    { key: ['catalogue', 'platforms'], data: platforms },
  ];
}

/** The welcome splash's poster (apps/web/src/features/catalogue/components/welcome-splash.tsx). */
export const SPLASH_POSTER = '/media/splash-poster.webp';
/** Cards in the first row of the catalogue on a phone (two columns). */
const FIRST_ROW_CARDS = 2;

/** `<link rel="preload">` of the first paint's largest images, fetched with the code instead of after it. */
export function imagePreloads(urls: string[]): string[] {
  return urls.map(
    (url) => `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" data-ssr />`,
  );
}

/**
 * The images of a catalogue address's first paint: the welcome splash's poster on the bare public store
 * (a first visit of the tab shows the splash), else the covers of the first row of games.
 */
export function firstImages(
  route: ShopRoute,
  searchParams: URLSearchParams,
  queries: FirstQuery[],
): string[] {
  if (route === 'publicStore' && !choosesInCatalogue(searchParams)) return [SPLASH_POSTER];
  const page = queries.find((query) => query.key[1] === 'page')?.data as { cover: string }[] | undefined;
  return (page ?? [])
    .slice(0, FIRST_ROW_CARDS)
    .map((game) => game.cover)
    .filter((cover) => cover !== '');
}

/** The data block: JSON escaped so that no value can close the element; never executed (not JavaScript). */
export function firstDataBlock(queries: FirstQuery[]): string {
  return `<script type="application/json" id="${FIRST_DATA_ID}">${jsonForScript({ queries })}</script>`;
}

/** `<link rel="modulepreload">` for each chunk, as Vite writes them for the entry. */
export function modulePreloads(urls: string[]): string[] {
  return urls.map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}" />`);
}

export interface ShopPage extends PageHead {
  /** True when the head replaces index.html's title and description (product pages). */
  replacesTitle: boolean;
  /** True when the HTML carries the caller's own data (a logged-in session): never stored by caches. */
  personal: boolean;
}

export interface ShopPagesDeps {
  catalogue: CatalogueService;
  manifest: WebManifest;
  /** The product page's own head (createPageHeads). */
  productHead: (url: string) => Promise<PageHead | undefined>;
  log?: FastifyBaseLogger;
}

/**
 * The extra head of a shop page, or undefined for other routes. `caller` resolves the session cookie's
 * user (null for a visitor); it is only asked for on the shop's routes.
 */
export function createShopPages({ catalogue, manifest, productHead, log }: ShopPagesDeps) {
  return async (url: string, caller: () => Promise<SessionUser | null>): Promise<ShopPage | undefined> => {
    const parsed = new URL(url, 'http://localhost');
    const route = shopRouteOf(parsed.pathname);
    if (!route) return undefined;
    // Unknown when the session store cannot be read: the block then leaves the session to the web app.
    const user = await caller().catch((error: unknown) => {
      log?.warn({ err: error }, 'session not inlined');
      return undefined;
    });
    const product = route === 'product' ? await productHead(url) : undefined;
    // /store sends visitors to /login: neither its code nor its games are wanted then.
    const opensPage = route !== 'store' || (user !== null && user !== undefined);

    const queries: FirstQuery[] = user === undefined ? [] : [{ key: ['session'], data: { user } }];
    if (route !== 'product' && opensPage) {
      try {
        queries.push(...(await catalogueQueries(catalogue, parsed.searchParams)));
      } catch (error) {
        // The page still works without its first data: it asks the API as it would without the block.
        log?.warn({ err: error }, 'first catalogue page not inlined');
      }
    }
    const language = manifest.languageChunk(DEFAULT_LOCALE);
    const images = route === 'product' || !opensPage ? [] : firstImages(route, parsed.searchParams, queries);
    const tags = [
      ...(product ? [product.head] : []),
      ...imagePreloads(images),
      ...modulePreloads([...(opensPage ? manifest.routeChunks(route) : []), ...(language ? [language] : [])]),
      firstDataBlock(queries),
    ];
    return {
      status: product?.status ?? 200,
      head: tags.join('\n    '),
      replacesTitle: product !== undefined,
      personal: user !== null && user !== undefined,
    };
  };
}
