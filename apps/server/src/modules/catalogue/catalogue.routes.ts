import {
  catalogueFiltersSchema,
  cataloguePageRequestSchema,
  cataloguePageSchema,
  countGamesRequestSchema,
  countGamesResponseSchema,
  platformsResponseSchema,
} from '@keyland/core/schemas/catalogue';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  gameDetailRequestSchema,
  gameDetailResponseSchema,
  productFactSheetSchema,
  productRequestSchema,
  saveGameDetailRequestSchema,
  saveGameDetailResponseSchema,
} from '@keyland/core/schemas/game-detail';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session.ts';
import type { CatalogueService, Reader } from './catalogue.service.ts';
import { conditionalAnswer, sendShared } from './http-cache.ts';

/** What the zod serializer would send for a page: validated against the schema, then JSON. */
const pageJson = (answer: object) => JSON.stringify(cataloguePageSchema.parse(answer));

const readerOf = (request: FastifyRequest): Reader => ({ isAdmin: request.session?.role === 'admin' });

/** Answers that are the same for every caller: ETag + revalidation. */
const everyone = conditionalAnswer(() => true);
/** Game detail: the same for every non-admin; an admin's carries the wholesale price and is not stored. */
const everyoneButAdmins = conditionalAnswer((request) => !readerOf(request).isAdmin);

export const catalogueRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  /** Writes the admin audit entry of a saveGameDetailData call (before and after). */
  auditSave?: (
    request: FastifyRequest,
    entry: { providerId: string; created: boolean; before: unknown; after: unknown },
  ) => Promise<void>;
}> = async (app, { service, auditSave }) => {
  app.post(
    '/api/kl_api/catalog_paginated',
    {
      schema: {
        tags: ['catalogue'],
        operationId: 'listCataloguePage',
        summary: 'One page of the visible catalogue',
        description: 'Conditional: answers carry an ETag; If-None-Match with it answers 304.',
        body: cataloguePageRequestSchema,
        response: { 200: cataloguePageSchema, 400: errorBodySchema },
      },
      onSend: everyone,
    },
    async (request, reply) => sendShared(reply, await service.page(request.body), pageJson),
  );

  app.post(
    '/api/kl_api/count_games',
    {
      schema: {
        tags: ['catalogue'],
        operationId: 'countGames',
        summary: 'Number of visible games matching the same filters as catalog_paginated',
        body: countGamesRequestSchema,
        response: { 200: countGamesResponseSchema, 400: errorBodySchema },
      },
      onSend: everyone,
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
        operationId: 'listPlatforms',
        summary: 'Platforms present in the visible catalogue',
        response: { 200: platformsResponseSchema },
      },
      onSend: everyone,
    },
    () => service.platforms(),
  );

  for (const [path, operationId, summary] of [
    [
      '/api/kl_api/checkGameDetail',
      'checkGameDetail',
      'Normalised detail of a visible game (found: false otherwise)',
    ],
    ['/api/kl_api/checkGameMeta', 'checkGameMeta', 'The same normalised detail, read for page metadata'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['catalogue'],
          operationId,
          summary,
          description:
            'Admins also see hidden games and the wholesale price `priceBuy`; nobody else ever receives that field.',
          body: gameDetailRequestSchema,
          response: { 200: gameDetailResponseSchema, 400: errorBodySchema },
        },
        onSend: everyoneButAdmins,
      },
      (request) => service.detail(request.body.providerId, readerOf(request)),
    );
  }

  app.post(
    '/api/kl_api/product',
    {
      schema: {
        tags: ['catalogue'],
        operationId: 'getCatalogueProduct',
        summary: 'Supplier-style fact sheet of a visible product',
        body: productRequestSchema,
        response: { 200: productFactSheetSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.factSheet(request.body.productId, readerOf(request)),
  );

  app.post(
    '/api/kl_api/saveGameDetailData',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['catalogue', 'admin'],
        operationId: 'saveGameDetail',
        summary: 'Create or update a game from RAWG-style and supplier-style data (admin only)',
        body: saveGameDetailRequestSchema,
        response: {
          200: saveGameDetailResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { providerId } = request.body.providerData;
      const before = auditSave ? await service.savedDetailOf(providerId) : undefined;
      const result = await service.saveGameDetail(request.body);
      await auditSave?.(request, { providerId, created: result.created, before, after: result.game });
      return result;
    },
  );
};
