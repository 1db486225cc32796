import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@keyland/core/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressText, pickEncoding } from '../lib/compress-text.ts';
import { SESSION_COOKIE, type SessionService, toSessionUser } from '../modules/accounts/session.service.ts';
import { appendToHead, injectHead, NOT_FOUND_HEAD } from '../modules/catalogue/product-page.ts';
import type { createShopPages } from '../modules/catalogue/shop-pages.ts';
import type { SharingHeads } from '../modules/seo/index.ts';

/** Prefixes that are never pages of the web app: a miss there answers the JSON error contract. */
const NOT_PAGES = ['/api/', '/media/', '/dev/', '/pay/'];

interface HtmlAnswer {
  status: number;
  head: string;
  /** True when the head brings its own title and description, replacing index.html's. */
  replacesTitle: boolean;
  /** True when the HTML carries the caller's own data (a logged-in session): never stored by caches. */
  personal: boolean;
  /** True when the head follows the caller's Accept-Language. */
  byLanguage: boolean;
}

/**
 * Serves the built web app. index.html answers the app's own routes (@keyland/core/pages) with 200 and
 * any other path with 404 (docs/decisions/025), so the app shows its not-found page and crawlers see no
 * soft 404. The shop's pages get their own head (shop-pages.ts: preloads of their code, their first data,
 * and for product pages the title, description, Open Graph tags and JSON-LD; sharing-head.ts: the
 * link-preview tags of the home, catalogue and legal pages); a page carrying a logged-in caller's data is
 * never stored by any cache.
 */
export function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  {
    sessions,
    shopPages,
    sharingHeads,
  }: {
    sessions: SessionService;
    shopPages: ReturnType<typeof createShopPages>;
    sharingHeads: SharingHeads;
  },
): void {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  if (hasWeb && webDistDir) {
    app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build's manifest (.vite/manifest.json) is for the server only. The file list taken at start
      // already skips dot-folders; `ignore` keeps it that way should wildcard serving be turned on.
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  async function sendHtml(request: FastifyRequest, reply: FastifyReply, answer: HtmlAnswer) {
    const index = await readFile(indexFile ?? '', 'utf8');
    const html = answer.replacesTitle ? injectHead(index, answer.head) : appendToHead(index, answer.head);
    reply
      .status(answer.status)
      .header('cache-control', answer.personal ? 'private, no-store' : 'no-cache')
      .header(
        'vary',
        answer.byLanguage ? 'Cookie, Accept-Encoding, Accept-Language' : 'Cookie, Accept-Encoding',
      )
      .type('text/html; charset=utf-8');
    // The page carries its first data (a few KB): compressed like the build's pre-compressed files.
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressText(html, encoding));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      request.method === 'GET' &&
      !NOT_PAGES.some((prefix) => request.url.startsWith(prefix)) &&
      !path.extname(pathname);
    if (!hasWeb || !isPage) return reply.status(404).send({ error: 'NOT_FOUND', message: 'Not found' });
    // No page of the app: 404, with the app itself, which shows its not-found page.
    if (!isPagePath(pathname)) {
      const notFound = { status: 404, head: NOT_FOUND_HEAD, replacesTitle: true, personal: false };
      return sendHtml(request, reply, { ...notFound, byLanguage: false });
    }
    const page = await shopPages(request.url, async () => {
      const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
      return session ? toSessionUser(session) : null;
    });
    const sharing = sharingHeads(pathname, request.locale);
    if (!page && !sharing) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendHtml(request, reply, {
      status: page?.status ?? 200,
      head: [sharing, page?.head].filter(Boolean).join('\n    '),
      replacesTitle: sharing !== undefined || page?.replacesTitle === true,
      personal: page?.personal ?? false,
      byLanguage: sharing !== undefined,
    });
  });
}
