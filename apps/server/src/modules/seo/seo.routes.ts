import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { robotsTxt, type Sitemap } from './seo.service.ts';

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back for these now and then; an hour old is fresh enough. */
const CRAWLER_CACHE = 'public, max-age=3600';

/**
 * /robots.txt, /sitemap.xml and its parts /sitemap-<n>.xml. Not JSON, so left out of the API document;
 * each still has its operationId.
 */
export const seoRoutes: FastifyPluginAsyncZod<{ publicUrl: string; sitemap: Sitemap }> = async (
  app,
  { publicUrl, sitemap },
) => {
  const robots = robotsTxt(publicUrl);

  app.get(
    '/robots.txt',
    {
      schema: {
        hide: true,
        tags: ['seo'],
        operationId: 'getRobotsTxt',
        summary: 'Which paths crawlers may visit, and where the sitemap is',
      },
    },
    (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robots),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        hide: true,
        tags: ['seo'],
        operationId: 'getSitemap',
        summary: 'The sitemap of the shop and its visible games, or the index of its parts',
      },
    },
    async (_request, reply) =>
      reply
        .type(XML)
        .header('cache-control', CRAWLER_CACHE)
        .send(await sitemap.main()),
  );

  app.get(
    '/sitemap-:part(^\\d{1,6}).xml',
    {
      schema: {
        hide: true,
        tags: ['seo'],
        operationId: 'getSitemapPart',
        summary: 'One part of a sitemap too long for one file',
        params: z.object({ part: z.coerce.number().int() }),
      },
    },
    async (request, reply) => {
      const body = await sitemap.part(request.params.part);
      if (body === undefined) throw new AppError('NOT_FOUND', 'No such sitemap part');
      return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(body);
    },
  );
};
