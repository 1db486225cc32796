import { adminIdParamsSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  priceHistorySchema,
  promotionInputSchema,
  promotionSchema,
  promotionsSchema,
} from '@keyland/core/schemas/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { actorOf, adminConflictErrors, adminInputErrors, adminRoutesOnly } from '../admin/index.ts';
import { conditionalAnswer } from '../catalogue/index.ts';
import { priceHistory } from './price-history.ts';
import type { PromotionsService } from './promotions.service.ts';

/** A game's public price history (the product page's chart), answered conditionally like catalogue calls. */
export const priceHistoryRoutes: FastifyPluginAsyncZod<{ db: Executor; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    '/api/kl_api/price_history/:providerId',
    {
      schema: {
        tags: ['catalogue'],
        operationId: 'getPriceHistory',
        summary:
          'A listed game’s selling prices of the last 90 days from the price ledger, with the lowest and highest price and, during a sale, its 30-day reference price',
        params: z.object({ providerId: z.string().trim().min(1).max(200) }),
        response: { 200: priceHistorySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      onSend: conditionalAnswer(() => true),
    },
    (request) => priceHistory(db, request.params.providerId, now()),
  );
};

/** The admins' promotions: plan, change before the start, end early; uses and revenue per promotion. */
export const promotionsAdminRoutes: FastifyPluginAsyncZod<{ service: PromotionsService }> = async (
  app,
  { service },
) => {
  adminRoutesOnly(app);

  app.get(
    '/api/admin/promotions',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listPromotions',
        summary:
          'Every promotion, latest start first, with its state, the games it lowers now, keys sold and revenue',
        response: { 200: promotionsSchema, ...adminInputErrors },
      },
    },
    async () => ({ items: await service.list() }),
  );

  app.post(
    '/api/admin/promotions',
    {
      schema: {
        tags: ['admin'],
        operationId: 'createPromotion',
        summary:
          'Plan a promotion: a percentage off or a fixed price for chosen games, a platform or the whole catalogue, between two instants',
        body: promotionInputSchema,
        response: { 201: promotionSchema, ...adminInputErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/promotions/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'updatePromotion',
        summary: 'Change a promotion that has not started yet (409 once it has)',
        params: adminIdParamsSchema,
        body: promotionInputSchema,
        response: { 200: promotionSchema, ...adminConflictErrors },
      },
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/promotions/:id/end',
    {
      schema: {
        tags: ['admin'],
        operationId: 'endPromotion',
        summary: 'End a promotion now: its games go back to their regular (or another sale’s) price at once',
        params: adminIdParamsSchema,
        response: { 200: promotionSchema, ...adminConflictErrors },
      },
    },
    async (request) => service.end(actorOf(request), request.params.id),
  );
};
