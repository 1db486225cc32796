import {
  adminIdParamsSchema,
  adminProductSchema,
  createProductSchema,
  productsPageSchema,
  productsQuerySchema,
  updateProductSchema,
} from '@keyland/core/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminErrors, adminInputErrors } from '../index.ts';
import type { ProductsService } from './products.service.ts';

export const productsRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/products',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listProducts',
        summary:
          'Games (hidden ones included) with selling and buying price and available/reserved/sold/revoked key counts; `q` searches titles',
        querystring: productsQuerySchema,
        response: { 200: productsPageSchema, ...adminInputErrors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/products/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getProduct',
        summary: 'One game with its key counts',
        params: adminIdParamsSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.post(
    '/api/admin/products',
    {
      schema: {
        tags: ['admin'],
        operationId: 'createProduct',
        summary: 'Create a game: title, price (euros, VAT included, ≤ 2 decimals) and platform are required',
        body: createProductSchema,
        response: { 201: adminProductSchema, ...adminInputErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  app.patch(
    '/api/admin/products/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'updateProduct',
        summary: 'Edit a game (any of the create fields; prices in euros)',
        params: adminIdParamsSchema,
        body: updateProductSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  for (const [verb, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.post(
      `/api/admin/products/:id/${verb}`,
      {
        schema: {
          tags: ['admin'],
          operationId: hidden ? 'hideProduct' : 'unhideProduct',
          summary: hidden ? 'Hide a game from the catalogue' : 'Show a hidden game in the catalogue again',
          params: adminIdParamsSchema,
          response: { 200: adminProductSchema, ...adminErrors },
        },
      },
      (request) =>
        hidden
          ? service.hide(actorOf(request), request.params.id)
          : service.unhide(actorOf(request), request.params.id),
    );
  }
};
