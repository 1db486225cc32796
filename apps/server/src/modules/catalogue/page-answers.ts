import type { Locale } from '@keyland/core/locales';
import type { SessionUser } from '@keyland/core/schemas/accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { PageCache } from './page-cache.ts';
import {
  composePage,
  type PageDocument,
  type PageRenderer,
  pageDocument,
  splitHoisted,
} from './page-renderer.ts';
import { appendToHead, injectHead, NOT_FOUND_HEAD } from './product-page.ts';
import { firstDataBlock, renderPlan, type ShopPages, shopRouteOf } from './shop-pages.ts';

/*
 * The HTML of a page of the web app (docs/decisions/021, 025 and 034): index.html with the page's head —
 * link-preview tags, code and image preloads, the first data — and, for the shop's pages, the page itself
 * rendered by the server. Finished pages are kept for their address, language and caller (page-cache.ts).
 */

export interface PageAnswer {
  status: number;
  /** True when the HTML carries the caller's own data (a logged-in session): never stored by caches. */
  personal: boolean;
  /** True when the page follows the caller's Accept-Language. */
  byLanguage: boolean;
  document: PageDocument;
}

export interface PageAnswersDeps {
  indexHtml: string;
  shopPages: ShopPages;
  /** The web build's server bundle, loading (it is not needed before the first page is asked for). */
  renderer: Promise<PageRenderer | undefined>;
  /** The link-preview head of a shared page (home, catalogue, legal pages) in a language, if it is one. */
  sharingHeads: (pathname: string, locale: Locale) => string | undefined;
  cache: PageCache<PageAnswer | undefined>;
  log?: FastifyBaseLogger;
}

export interface PageRequest {
  url: string;
  locale: Locale;
  /** The session cookie's user (null for a visitor). */
  caller: () => Promise<SessionUser | null>;
  /** The address is no page of the app: its not-found page, with 404. */
  notFound: boolean;
}

/** The title React rendered for the page, when the head has none of its own. */
function titleOf(hoisted: string[]): string | undefined {
  return hoisted.find((tag) => tag.startsWith('<title>'));
}

/** The answer for a page of the app, or undefined when index.html is sent as it is. */
export function createPageAnswers({
  indexHtml,
  shopPages,
  renderer,
  sharingHeads,
  cache,
  log,
}: PageAnswersDeps) {
  const answer = async (
    url: string,
    locale: Locale,
    notFound: boolean,
    user: SessionUser | null | undefined,
  ): Promise<PageAnswer | undefined> => {
    const pathname = url.split('?')[0] ?? '';
    const plan = await shopPages(url, {
      user,
      language: locale,
      ...(notFound ? { route: 'notFound' } : {}),
    });
    const sharing = notFound ? undefined : sharingHeads(pathname, locale);
    if (!plan && !sharing) return undefined;
    const ownHead = [notFound ? NOT_FOUND_HEAD : undefined, sharing, plan?.head]
      .filter(Boolean)
      .join('\n    ');
    const ownTitle = notFound || sharing !== undefined || plan?.replacesTitle === true;
    const rendered = plan ? await renderPlan(await renderer, url, plan, log) : undefined;
    const { hoisted, body } = splitHoisted(rendered?.html ?? '');
    const title = ownTitle ? undefined : titleOf(hoisted);
    const head = [ownHead, title, plan ? firstDataBlock(plan.queries, rendered?.render) : undefined]
      .filter(Boolean)
      .join('\n    ');
    const withHead = ownTitle || title ? injectHead(indexHtml, head) : appendToHead(indexHtml, head);
    return {
      status: plan?.status ?? (notFound ? 404 : 200),
      personal: plan?.personal ?? false,
      byLanguage: sharing !== undefined || plan !== undefined,
      document: pageDocument(
        rendered ? composePage(withHead, { language: rendered.render.language, root: body }) : withHead,
      ),
    };
  };

  return async ({ url, locale, caller, notFound }: PageRequest): Promise<PageAnswer | undefined> => {
    const pathname = url.split('?')[0] ?? '';
    const shop = notFound || shopRouteOf(pathname) !== undefined;
    if (!shop && !sharingHeads(pathname, locale)) return undefined;
    // Unknown when the session store cannot be read: the page then leaves the session to the web app.
    const user = shop
      ? await caller().catch((error: unknown) => {
          log?.warn({ err: error }, 'session not read for the page');
          return undefined;
        })
      : null;
    // A page is made for its address, language and caller: shared only by callers it is the same for.
    return cache.get([url, locale, notFound, user === undefined ? 'unknown' : user], () =>
      answer(url, locale, notFound, user),
    );
  };
}
