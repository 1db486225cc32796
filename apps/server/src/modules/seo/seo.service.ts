import { pagePaths, productHref } from '@keyland/core/pages';
import type { ChangeSignal } from '../../lib/catalogue-changed.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/*
 * What crawlers read before the pages (docs/decisions/025): robots.txt and the sitemap of the visible
 * catalogue. The sitemap is built in memory on first request and again after the catalogue changes.
 */

/** URLs per sitemap file: the protocol's limit. Past it, /sitemap.xml becomes an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rebuilt at least this often, so changes made by other instances of the store arrive too. */
const SITEMAP_MAX_AGE_MS = 10 * 60_000;

/** Pages no crawler should visit: a customer's own, the checkout, the back office and the API. */
const PRIVATE_PATHS = [
  pagePaths.store,
  pagePaths.login,
  pagePaths.register,
  pagePaths.forgotPassword,
  pagePaths.resetPassword,
  pagePaths.verifyEmail,
  pagePaths.checkout,
  pagePaths.history,
  pagePaths.history.toLowerCase(),
  pagePaths.profile,
  pagePaths.wishlist,
  // A gift's page carries its link's token.
  '/gift/',
  pagePaths.admin,
  '/api/',
  '/pay/',
  '/dev/',
];

/** The shop's pages besides the games, listed first in the sitemap. */
const SHOP_PAGES = [
  pagePaths.home,
  pagePaths.terms,
  pagePaths.policy,
  pagePaths.cookies,
  pagePaths.legal,
  pagePaths.contact,
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A game of the visible catalogue, as the sitemap needs it. */
export interface ListedGame {
  providerId: string;
  slug: string;
  updatedAt: Date;
}

interface Entry {
  loc: string;
  lastmod?: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** W3C datetime, to the second. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const element = (name: string, entry: Entry) =>
  `<${name}><loc>${escapeHtml(entry.loc)}</loc>${
    entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : ''
  }</${name}>`;

const latest = (entries: Entry[]): Date | undefined =>
  entries.reduce<Date | undefined>(
    (last, entry) => (entry.lastmod && (!last || entry.lastmod > last) ? entry.lastmod : last),
    undefined,
  );

const urlset = (entries: Entry[]) =>
  [XML_HEAD, `<urlset ${XMLNS}>`, ...entries.map((entry) => element('url', entry)), '</urlset>', ''].join(
    '\n',
  );

interface Built {
  /** The body of /sitemap.xml: the only file, or the index of the parts. */
  main: string;
  /** The parts /sitemap-1.xml…, when there is more than one. */
  parts: string[];
}

/** The sitemap files of the shop's pages and games (`partSize` URLs per file at most). */
export function buildSitemap(publicUrl: string, games: ListedGame[], partSize = SITEMAP_MAX_URLS): Built {
  const gameEntries = games.map((game) => ({
    loc: `${publicUrl}${productHref(game.slug, game.providerId)}`,
    lastmod: game.updatedAt,
  }));
  // The catalogue's page changes whenever one of its games does.
  const entries: Entry[] = [
    ...SHOP_PAGES.map((path) => ({
      loc: `${publicUrl}${path}`,
      lastmod: path === pagePaths.home ? latest(gameEntries) : undefined,
    })),
    ...gameEntries,
  ];
  if (entries.length <= partSize) return { main: urlset(entries), parts: [] };
  const chunks: Entry[][] = [];
  for (let at = 0; at < entries.length; at += partSize) chunks.push(entries.slice(at, at + partSize));
  const index = chunks.map((chunk, i) =>
    element('sitemap', { loc: `${publicUrl}/sitemap-${i + 1}.xml`, lastmod: latest(chunk) }),
  );
  return {
    main: [XML_HEAD, `<sitemapindex ${XMLNS}>`, ...index, '</sitemapindex>', ''].join('\n'),
    parts: chunks.map(urlset),
  };
}

export interface SitemapOptions {
  publicUrl: string;
  /** The visible catalogue. */
  games: () => Promise<ListedGame[]>;
  /** Fired when the catalogue changes: the next request builds the sitemap again. */
  signal?: ChangeSignal;
  partSize?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export type Sitemap = ReturnType<typeof createSitemap>;

/** The sitemap, kept in memory; concurrent requests share one build. */
export function createSitemap({
  publicUrl,
  games,
  signal,
  partSize = SITEMAP_MAX_URLS,
  maxAgeMs = SITEMAP_MAX_AGE_MS,
  now = Date.now,
}: SitemapOptions) {
  let built: Promise<Built> | undefined;
  let builtAt = 0;
  const unsubscribe = signal?.subscribe(() => {
    built = undefined;
  });

  function current(): Promise<Built> {
    if (built && now() - builtAt < maxAgeMs) return built;
    builtAt = now();
    const building = games().then((list) => buildSitemap(publicUrl, list, partSize));
    built = building;
    // A failed build is not kept.
    building.catch(() => {
      if (built === building) built = undefined;
    });
    return building;
  }

  return {
    /** /sitemap.xml: every URL, or the index of the parts. */
    async main(): Promise<string> {
      return (await current()).main;
    },
    /** /sitemap-<n>.xml (from 1); undefined when there is no such part. */
    async part(n: number): Promise<string | undefined> {
      return (await current()).parts[n - 1];
    },
    close(): void {
      unsubscribe?.();
    },
  };
}
