import type { Locale } from '@keyland/core/locales';
import { pagePaths } from '@keyland/core/pages';
import { escapeHtml } from '../../lib/escape-html.ts';
import { translate } from '../../lib/i18n.ts';
import { openGraphTags } from '../../lib/open-graph.ts';

/*
 * The head of the shop's shareable pages besides the games (home, catalogue, legal and info pages): title,
 * description, Open Graph and Twitter card tags, in the caller's language (Accept-Language), so a link
 * pasted into a chat or a social network shows a card. Product pages have their own (product-page.ts).
 */

/** The link-preview image: a PNG (previews ignore SVG) of the size the large cards use. */
export const SHARING_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/** Each page's title and description keys in the translation files. */
const SHARED_PAGES: { path: string; title: string; description: string }[] = [
  { path: pagePaths.home, title: 'splash.title', description: 'splash.subtitle' },
  { path: pagePaths.publicStore, title: 'catalogue.title', description: 'splash.subtitle' },
  { path: pagePaths.terms, title: 'legal.terms.title', description: 'legal.terms.intro' },
  { path: pagePaths.policy, title: 'legal.policy.title', description: 'legal.policy.intro' },
  { path: pagePaths.cookies, title: 'legal.cookies.title', description: 'legal.cookies.intro' },
  { path: pagePaths.legal, title: 'legal.legal.title', description: 'legal.legal.intro' },
  { path: pagePaths.contact, title: 'legal.contact.title', description: 'legal.contact.intro' },
];

/** Paths as the router matches them: any letter case, trailing slashes ignored. */
const normalized = (pathname: string) => pathname.replace(/(.)\/+$/, '$1').toLowerCase();
const byPath = new Map(SHARED_PAGES.map((page) => [normalized(page.path), page]));

export type SharingHeads = ReturnType<typeof createSharingHeads>;

/** The head of a shared page at `pathname` (no query) in `locale`, or undefined for other pages. */
export function createSharingHeads(publicUrl: string) {
  const image = `${publicUrl}${SHARING_IMAGE.path}`;
  return (pathname: string, locale: Locale): string | undefined => {
    const page = byPath.get(normalized(pathname));
    if (!page) return undefined;
    const e = escapeHtml;
    const title = translate(locale, 'meta.titleTemplate', { page: translate(locale, page.title) });
    const description = translate(locale, page.description);
    const url = `${publicUrl}${page.path}`;
    return [
      `<title>${e(title)}</title>`,
      `<meta name="description" content="${e(description)}" data-ssr />`,
      ...openGraphTags({ type: 'website', title, description, url, image }),
      `<meta property="og:image:type" content="image/png" data-ssr />`,
      `<meta property="og:image:width" content="${SHARING_IMAGE.width}" data-ssr />`,
      `<meta property="og:image:height" content="${SHARING_IMAGE.height}" data-ssr />`,
      `<meta property="og:image:alt" content="Keyland" data-ssr />`,
      `<meta name="twitter:card" content="summary_large_image" data-ssr />`,
      `<meta name="twitter:title" content="${e(title)}" data-ssr />`,
      `<meta name="twitter:description" content="${e(description)}" data-ssr />`,
      `<meta name="twitter:image" content="${e(image)}" data-ssr />`,
    ].join('\n    ');
  };
}
