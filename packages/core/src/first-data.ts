/*
 * What the server writes into the HTML of the shop's pages for the web app (docs/decisions/021 and 034),
 * as JSON blocks (`<script type="application/json">`, never executed, so the CSP stays strict): the
 * server's modules/catalogue/shop-pages.ts and page-renderer.ts write them, the web app's
 * src/lib/first-data.ts and src/entry-client.tsx read them.
 */

/** The id of the first data block: the answers the page asks for at start, and how it was rendered. */
export const FIRST_DATA_ID = 'keyland-first-data';

/** The id of the list of the page's code, which the web app fetches once the page is painted. */
export const CODE_LIST_ID = 'keyland-code';

/** One seeded query: the web app's query key and the answer its query function would return. */
export interface FirstQuery {
  key: readonly unknown[];
  data: unknown;
}

/** How the server rendered the page: what the browser's first render starts from to give the same HTML. */
export interface ServerRender {
  /** The language the HTML is written in. */
  language: string;
  /** When it was rendered (ms since the epoch, the minute's start): the clock of countdowns. */
  at: number;
  /** React Router's hydration data (the loaders of the routes shown, which fetch nothing). */
  router: Record<string, unknown>;
}

/** The first data block's content. */
export interface FirstData {
  queries: FirstQuery[];
  render?: ServerRender | undefined;
}
