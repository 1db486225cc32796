import { cataloguePageRequestOf, choosesInCatalogue, readCatalogueAddress } from '@keyland/core/catalogue';
import { FIRST_DATA_ID, type FirstQuery, type ServerRender } from '@keyland/core/first-data';
import { DEFAULT_LOCALE, type Locale } from '@keyland/core/locales';
import { pagePaths } from '@keyland/core/pages';
import type { SessionUser } from '@keyland/core/schemas/accounts';
import {
  catalogueFiltersSchema,
  cataloguePageRequestSchema,
  cataloguePageSchema,
} from '@keyland/core/schemas/catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopRoute, WebManifest } from '../../lib/web-manifest.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { PageRenderer } from './page-renderer.ts';
import { escapeHtml, jsonForScript, type ProductHead } from './product-page.ts';

/*
 * The first paint of the shop's pages (docs/decisions/021 and 034): the HTML of /, /publicstore, /store,
 * /product, the legal pages and the not-found page announces the page's code (modulepreload of its
 * chunks and of its texts) and carries the answers the page asks for at start — the session check, the
 * catalogue's first page, count and platforms, the product's game, the support address — as a JSON data
 * block. The server renders the page from the same answers (page-renderer.ts) and the web app starts
 * from them (main.tsx). Only what a customer's own API calls would answer goes in: the catalogue calls
 * answer the same to admins (no wholesale figures), and the session block is the caller's own answer.
 */

const LEGAL_ROUTES: Record<string, ShopRoute> = {
  [pagePaths.terms]: 'terms',
  [pagePaths.policy]: 'policy',
  [pagePaths.cookies]: 'cookies',
  [pagePaths.legal]: 'legal',
  [pagePaths.contact]: 'contact',
};

/** The shop route of an address's path, if the server prepares its first paint. */
export function shopRouteOf(pathname: string): ShopRoute | undefined {
  if (pathname === '/' || pathname === '/publicstore') return 'publicStore';
  if (pathname === '/store') return 'store';
  if (pathname === '/product') return 'product';
  return LEGAL_ROUTES[pathname];
}

const isCatalogue = (route: ShopRoute) => route === 'publicStore' || route === 'store';

/** A cached page of games through the response schema, once per page object (the cache keeps it). */
const publicPages = new WeakMap<object, unknown>();
function publicPage(page: object): unknown {
  let parsed = publicPages.get(page);
  if (parsed === undefined) {
    parsed = cataloguePageSchema.parse(page);
    publicPages.set(page, parsed);
  }
  return parsed;
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
    { key: ['catalogue', 'page', address], data: publicPage(page) },
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

const MINUTE_MS = 60_000;

/** The data block: JSON escaped so that no value can close the element; never executed (not JavaScript). */
export function firstDataBlock(queries: FirstQuery[], render?: ServerRender): string {
  const data = render ? { queries, render } : { queries };
  return `<script type="application/json" id="${FIRST_DATA_ID}">${jsonForScript(data)}</script>`;
}

/** `<link rel="modulepreload">` for each chunk, as Vite writes them for the entry. */
export function modulePreloads(urls: string[]): string[] {
  return urls.map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}" />`);
}

/** A shop page's parts, before the server renders it (page-answers.ts puts them together). */
export interface ShopPagePlan {
  status: number;
  route: ShopRoute;
  /** The language the page is rendered in (the caller's Accept-Language, as the browser's first pick). */
  language: Locale;
  /** Head tags besides the data block (product head, image and code preloads). */
  head: string;
  /** True when the head replaces index.html's title and description (product pages). */
  replacesTitle: boolean;
  queries: FirstQuery[];
  /** True when the HTML carries the caller's own data (a logged-in session): never stored by caches. */
  personal: boolean;
  /** False when the page is left to the browser (the session could not be read, a visitor's /store). */
  renderable: boolean;
}

export interface ShopPagesDeps {
  catalogue: CatalogueService;
  manifest: WebManifest;
  /** The product page's own head and game (createPageHeads). */
  productHead: (url: string) => Promise<ProductHead | undefined>;
  /** What GET /api/support/contact answers: the legal pages show it. */
  supportContact: { email: string | null };
  log?: FastifyBaseLogger;
}

/**
 * The plan of a shop page, or undefined for other routes. `user` is the session cookie's user: null for a
 * visitor, undefined when the session could not be read. `route` is given for the not-found page.
 */
export function createShopPages({ catalogue, manifest, productHead, supportContact, log }: ShopPagesDeps) {
  return async (
    url: string,
    {
      user,
      language,
      route: given,
    }: { user: SessionUser | null | undefined; language: Locale; route?: ShopRoute },
  ): Promise<ShopPagePlan | undefined> => {
    const parsed = new URL(url, 'http://localhost');
    const route = given ?? shopRouteOf(parsed.pathname);
    if (!route) return undefined;
    const product = route === 'product' ? await productHead(url) : undefined;
    // /store sends visitors to /login: neither its code nor its games are wanted then.
    const opensPage = route !== 'store' || (user !== null && user !== undefined);

    const queries: FirstQuery[] = user === undefined ? [] : [{ key: ['session'], data: { user } }];
    if (isCatalogue(route) && opensPage) {
      try {
        queries.push(...(await catalogueQueries(catalogue, parsed.searchParams)));
      } catch (error) {
        // The page still works without its first data: it asks the API as it would without the block.
        log?.warn({ err: error }, 'first catalogue page not inlined');
      }
    }
    // Admins may open hidden games: their product page asks the API itself.
    if (product && user?.kl_user_role !== 'admin') {
      queries.push({ key: ['product', 'detail', product.providerId], data: product.game });
    }
    if (LEGAL_ROUTES[parsed.pathname]) queries.push({ key: ['support-contact'], data: supportContact });

    // A catalogue page needs only the first part of the texts; any other page (and /store's way to the
    // login page) the rest of the shopper's too (the web's router.tsx loads them with such a page).
    const catalogueOnly = isCatalogue(route) && opensPage;
    const texts = [...new Set([language, DEFAULT_LOCALE])].flatMap((locale) => {
      const { first, shop } = manifest.languageChunks(locale);
      return catalogueOnly ? [first] : [first, shop];
    });
    const images = isCatalogue(route) && opensPage ? firstImages(route, parsed.searchParams, queries) : [];
    const tags = [
      ...(product ? [product.head] : []),
      ...imagePreloads(images),
      ...modulePreloads([
        ...(opensPage ? manifest.routeChunks(route) : []),
        ...texts.filter((chunk): chunk is string => chunk !== undefined),
      ]),
    ];
    return {
      status: product?.status ?? (route === 'notFound' ? 404 : 200),
      route,
      language,
      head: tags.join('\n    '),
      replacesTitle: product !== undefined,
      queries,
      personal: user !== null && user !== undefined,
      renderable: user !== undefined && opensPage,
    };
  };
}

export type ShopPages = ReturnType<typeof createShopPages>;

/** Renders a planned page with the web build's server bundle; undefined when it cannot (the app renders it). */
export async function renderPlan(
  renderer: PageRenderer | undefined,
  url: string,
  plan: ShopPagePlan,
  log?: FastifyBaseLogger,
): Promise<{ html: string; render: ServerRender } | undefined> {
  if (!renderer || !plan.renderable) return undefined;
  // The minute's start: a page's HTML (and its ETag) stays the same within a minute, the precision of the
  // sales' countdowns, which the browser brings up to date once the page runs.
  const at = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  try {
    const page = await renderer.renderPage({ url, language: plan.language, queries: plan.queries, now: at });
    if ('redirect' in page) return undefined;
    return { html: page.html, render: { language: plan.language, at, router: page.router } };
  } catch (error) {
    log?.error({ err: error, url }, 'page not rendered by the server');
    return undefined;
  }
}
