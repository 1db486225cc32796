import {
  catalogueFiltersSchema,
  cataloguePageRequestSchema,
  cataloguePageSchema,
  countGamesRequestSchema,
  countGamesResponseSchema,
  platformsResponseSchema,
} from '@keyland/core/schemas/catalogue';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueService } from './catalogue.service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/kl_api/catalog_paginated',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One page of the visible catalogue',
        body: cataloguePageRequestSchema,
        response: { 200: cataloguePageSchema, 400: errorBodySchema },
      },
    },
    (request) => service.page(request.body),
  );

  app.post(
    '/api/kl_api/count_games',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Number of visible games matching the same filters as catalog_paginated',
        body: countGamesRequestSchema,
        response: { 200: countGamesResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body;
      const filters = catalogueFiltersSchema.parse({
        ...body.filters,
        ...(body.platform !== undefined ? { platform: body.platform } : {}),
        ...(body.name !== undefined ? { name: body.name } : {}),
      });
      return { total: await service.count(filters) };
    },
  );

  app.post(
    '/api/kl_api/get_platforms',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Platforms present in the visible catalogue',
        response: { 200: platformsResponseSchema },
      },
    },
    () => service.platforms(),
  );
};
