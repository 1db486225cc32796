import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@keyland/core/pages';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from '../lib/compress-text.ts';
import { SESSION_COOKIE, type SessionService, toSessionUser } from '../modules/accounts/session.service.ts';
import type { PageAnswer, PageRequest } from '../modules/catalogue/page-answers.ts';

/** Prefixes that are never pages of the web app: a miss there answers the JSON error contract. */
const NOT_PAGES = ['/api/', '/media/', '/dev/', '/pay/'];

/**
 * Serves the built web app. index.html answers the app's own routes (@keyland/core/pages) with 200 and
 * any other path with 404 (docs/decisions/025), so the app shows its not-found page and crawlers see no
 * soft 404. The shop's pages are rendered by the server with their own head (page-answers.ts: the page,
 * preloads of its code, its first data, link-preview tags; docs/decisions/034). A page carrying a
 * logged-in caller's data is never stored by any cache; a visitor's may be kept and is revalidated by
 * its ETag.
 */
export function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  {
    sessions,
    pages,
  }: {
    sessions: SessionService;
    /** The HTML of a page (undefined: index.html as it is). */
    pages: ((request: PageRequest) => Promise<PageAnswer | undefined>) | undefined;
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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      request.method === 'GET' &&
      !NOT_PAGES.some((prefix) => request.url.startsWith(prefix)) &&
      !path.extname(pathname);
    if (!hasWeb || !isPage) return reply.status(404).send({ error: 'NOT_FOUND', message: 'Not found' });
    const answer = await pages?.({
      url: request.url,
      locale: request.locale,
      caller: async () => {
        const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
        return session ? toSessionUser(session) : null;
      },
      // No page of the app: 404, with the app's not-found page.
      notFound: !isPagePath(pathname),
    });
    if (!answer) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const { document } = answer;
    reply
      .status(answer.status)
      .header('cache-control', answer.personal ? 'private, no-store' : 'no-cache')
      .header(
        'vary',
        answer.byLanguage ? 'Cookie, Accept-Encoding, Accept-Language' : 'Cookie, Accept-Encoding',
      )
      .type('text/html; charset=utf-8');
    if (!answer.personal) {
      reply.header('etag', document.etag);
      if (answer.status === 200 && request.headers['if-none-match'] === document.etag)
        return reply.status(304).send();
    }
    // The page carries its first data and its HTML (some 10 KB compressed): compressed once, kept with it.
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(document.html());
    return reply.header('content-encoding', encoding).send(document.encoded(encoding));
  });
}
