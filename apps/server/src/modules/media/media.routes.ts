import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { coverSvg, placeholderSvg } from './cover-art.ts';
import { createMediaRepository } from './media.repository.ts';

const SVG_CACHE = 'public, max-age=86400';

export const mediaRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const repository = createMediaRepository(db);

  app.get(
    '/media/cover-placeholder.svg',
    { schema: { tags: ['media'], operationId: 'getCoverPlaceholder', summary: 'Fallback cover' } },
    (_r, reply) => reply.type('image/svg+xml').header('cache-control', SVG_CACHE).send(placeholderSvg),
  );

  app.get(
    '/media/covers/:providerId',
    {
      schema: {
        tags: ['media'],
        operationId: 'getGameCover',
        summary: 'Generated cover art of a game (`<providerId>.svg`; `?variant=b` for the alternative art)',
        params: z.object({ providerId: z.string().regex(/^[\w-]{1,80}\.svg$/) }),
        querystring: z.object({ variant: z.enum(['a', 'b']).default('a') }),
        response: { 200: z.string().describe('image/svg+xml'), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const variant = request.query.variant === 'b' ? 1 : 0;
      const art = await repository.gameArt(request.params.providerId.replace(/\.svg$/, ''));
      if (!art) throw new AppError('NOT_FOUND', 'Not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', SVG_CACHE)
        .send(coverSvg(art.title, art.platform, variant));
    },
  );
};
