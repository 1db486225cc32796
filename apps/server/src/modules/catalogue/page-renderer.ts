import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { CODE_LIST_ID, type FirstQuery, type ServerRender } from '@keyland/core/first-data';
import type { FastifyBaseLogger } from 'fastify';
import { compressText, type TextEncoding } from '../../lib/compress-text.ts';
import { jsonForScript } from './product-page.ts';

/*
 * The shop's pages rendered by the server (docs/decisions/034). The web build holds a server bundle of
 * the app (apps/web/src/entry-server.tsx, written to dist/.server/ by `npm run build`); the server loads it
 * at start and renders a page from the same components and the same first data the page inlines. Without
 * the bundle (no web build, or an older one) pages are sent as before: the app, rendered in the browser.
 */

/** Where the web build writes its server bundle (apps/web/vite.config.ts, SERVER_BUNDLE_DIR). */
export const SERVER_BUNDLE = path.join('.server', 'entry-server.js');

/** What a page is rendered from (the bundle's `PageRender`). */
export interface PageRender {
  url: string;
  language: string;
  queries: FirstQuery[];
  now: number;
}

/** React Router's hydration data, as the bundle returns it (opaque here: it goes into the data block). */
export type RouterHydration = ServerRender['router'];

/** The bundle's answer: the HTML inside #root and the hydration data, or a redirect. */
export type RenderedPage = { html: string; router: RouterHydration } | { redirect: string; status: number };

export interface PageRenderer {
  renderPage(input: PageRender): Promise<RenderedPage>;
}

/** Loads the web build's server bundle; undefined (pages rendered in the browser) when it is absent or broken. */
export async function loadPageRenderer(
  webDistDir: string,
  log?: FastifyBaseLogger,
): Promise<PageRenderer | undefined> {
  const file = path.join(webDistDir, SERVER_BUNDLE);
  if (!existsSync(file)) {
    log?.info('the web build has no server bundle: shop pages are rendered in the browser');
    return undefined;
  }
  try {
    const bundle = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    if (typeof bundle.renderPage !== 'function') throw new Error('renderPage is missing');
    return { renderPage: bundle.renderPage };
  } catch (error) {
    log?.error(
      { err: error },
      'the web server bundle could not be loaded: shop pages are rendered in the browser',
    );
    return undefined;
  }
}

/** A finished page: its ETag and its forms on the wire (kept brotli-compressed, the others made on demand). */
export interface PageDocument {
  etag: string;
  /** The page uncompressed, for the rare client that takes no compression. */
  html(): string;
  encoded(encoding: TextEncoding): Buffer;
}

export function pageDocument(html: string): PageDocument {
  // Kept compressed: a catalogue page is some 100 KB of HTML and 11 KB of brotli.
  const br = compressText(html, 'br');
  let gzip: Buffer | undefined;
  return {
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    html: () => brotliDecompressSync(br).toString('utf8'),
    encoded(encoding) {
      if (encoding === 'br') return br;
      gzip ??= gzipSync(brotliDecompressSync(br), { level: 6 });
      return gzip;
    },
  };
}

/** Tags React hoists to the start of a page rendered without a document (title, meta, link). */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)/;

/**
 * Splits React's output into the tags it hoisted (they belong in the head) and the page itself. Only the
 * leading tags are taken: the page's own markup starts with the layout's element.
 */
export function splitHoisted(html: string): { hoisted: string[]; body: string } {
  const hoisted: string[] = [];
  let rest = html;
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    hoisted.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { hoisted, body: rest };
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A page's HTML (index.html with its head) in the page's language, with the rendered app inside #root.
 * Its code is not announced as `modulepreload` links, which would share the link with the stylesheet and
 * the images of the first paint: the links become a list (a JSON block, never executed) that the web app
 * turns into preloads once the page is painted.
 */
export function composePage(html: string, { language, root }: { language: string; root: string }): string {
  const code = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const list = `<script type="application/json" id="${CODE_LIST_ID}">${jsonForScript(code)}</script>`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(/<\/head>/i, () => `  ${list}\n  </head>`)
    .replace(
      /<html\b([^>]*?)\slang="[^"]*"/i,
      (_match, before: string) => `<html${before} lang="${language}"`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${root}</div>`);
}
