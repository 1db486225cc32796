import { productHref } from '@keyland/core/pages';
import {
  type GameDetail,
  type GameDetailResponse,
  gameDetailResponseSchema,
} from '@keyland/core/schemas/game-detail';
import { escapeHtml } from '../../lib/escape-html.ts';
import { openGraphTags } from '../../lib/open-graph.ts';
import type { CatalogueService } from './catalogue.service.ts';

/*
 * Server-rendered <head> of product pages: the title, description, canonical link, Open Graph tags and
 * schema.org JSON-LD are put into index.html before it is sent, for link previews and search engines.
 * The page itself is rendered by shop-pages.ts (docs/decisions/034) from the same game.
 */

export { escapeHtml };

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` as \u escapes, so no value can
 * close the script element or open a comment, and the line separators JavaScript once rejected.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text of an HTML description, whitespace collapsed, cut at a word near `max` characters. */
export function plainSummary(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const absolute = (url: string, base: string) => {
  try {
    return new URL(url, `${base}/`).toString();
  } catch {
    return `${base}/`;
  }
};

/** The canonical address of a product page: the form the web app links to (and the sitemap lists). */
export function productUrl(game: Pick<GameDetail, 'slug' | 'provider_id'>, publicUrl: string): string {
  return `${publicUrl}${productHref(game.slug, game.provider_id)}`;
}

/** The tags of a product page's head, every value escaped. */
export function productHead(game: GameDetail, publicUrl: string): string {
  const title = `${game.name} (${game.platform}) | Keyland`;
  const description =
    plainSummary(game.description) ||
    `${game.name} for ${game.platform}: digital key, ${game.priceSellWithTax.toFixed(2)} € VAT included.`;
  const canonical = productUrl(game, publicUrl);
  const image = absolute(game.cover, publicUrl);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: game.name,
    image: [image, ...game.photos.slice(0, 4).map((photo) => absolute(photo.url, publicUrl))],
    description,
    sku: game.identifier,
    productID: game.provider_id,
    category: game.platform,
    ...(game.developers[0] ? { brand: { '@type': 'Brand', name: game.developers[0] } } : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: game.priceSellWithTax.toFixed(2),
      priceCurrency: 'EUR',
      availability: game.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  // The product page's largest image is its first photo (the cover when there is none): announced here,
  // the browser fetches it with the page's code instead of after it.
  const firstPhoto = game.photos.map((photo) => photo.url).find((url) => url.trim() !== '') ?? game.cover;
  const e = escapeHtml;
  return [
    ...(firstPhoto
      ? [`<link rel="preload" as="image" href="${e(firstPhoto)}" fetchpriority="high" data-ssr />`]
      : []),
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}" data-ssr />`,
    `<link rel="canonical" href="${e(canonical)}" data-ssr />`,
    ...openGraphTags({ type: 'product', title, description, url: canonical, image }),
    `<meta name="twitter:card" content="summary_large_image" data-ssr />`,
    `<meta property="product:price:amount" content="${e(game.priceSellWithTax.toFixed(2))}" data-ssr />`,
    `<meta property="product:price:currency" content="EUR" data-ssr />`,
    `<script type="application/ld+json" data-ssr>${jsonForScript(jsonLd)}</script>`,
  ].join('\n    ');
}

/** The head of a product page that does not exist: the app shows its not-found page; robots skip it. */
export const NOT_FOUND_HEAD = [
  '<title>Not found | Keyland</title>',
  '<meta name="robots" content="noindex" data-ssr />',
].join('\n    ');

/** Replaces index.html's own title and description with `head`, placed just before </head>. */
export function injectHead(indexHtml: string, head: string): string {
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s[^>]*name=["']description["'][^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at === -1) return `${head}\n${stripped}`;
  return `${stripped.slice(0, at)}  ${head}\n  ${stripped.slice(at)}`;
}

/** Adds `head` just before </head>, keeping index.html's own title and description. */
export function appendToHead(indexHtml: string, head: string): string {
  const at = indexHtml.search(/<\/head>/i);
  if (at === -1) return `${head}\n${indexHtml}`;
  return `${indexHtml.slice(0, at)}  ${head}\n  ${indexHtml.slice(at)}`;
}

export interface PageHead {
  status: number;
  head: string;
}

/** A product page's head and the game it shows (null when there is none), as visitors see it. */
export interface ProductHead extends PageHead {
  providerId: string;
  game: GameDetail | null;
}

/**
 * The head for a GET of a client route, when the server knows better than index.html: product pages
 * (`/product?title=…&session=<providerId>`). Undefined for every other route.
 */
/** A cached game detail through the response schema (visitors' fields only), once per answer object. */
const publicDetails = new WeakMap<object, GameDetailResponse>();
function publicDetail(answer: GameDetailResponse): GameDetailResponse {
  let parsed = publicDetails.get(answer);
  if (!parsed) {
    parsed = gameDetailResponseSchema.parse(answer);
    publicDetails.set(answer, parsed);
  }
  return parsed;
}

export function createPageHeads(service: CatalogueService, publicUrl: string) {
  return async (url: string): Promise<ProductHead | undefined> => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname !== '/product') return undefined;
    // Read as the web app reads it (features/product): trimmed.
    const providerId = parsed.searchParams.get('session')?.trim() ?? '';
    const found = /^[\w-]{1,80}$/.test(providerId)
      ? publicDetail(await service.detail(providerId, { isAdmin: false }))
      : { found: false, game: null };
    // A real 404 (docs/decisions/025): the HTML is still the app, which shows its not-found page, and
    // crawlers do not index a soft 404.
    if (!found.game) return { status: 404, head: NOT_FOUND_HEAD, providerId, game: null };
    return { status: 200, head: productHead(found.game, publicUrl), providerId, game: found.game };
  };
}
