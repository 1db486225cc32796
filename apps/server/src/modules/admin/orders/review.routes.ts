import { adminIdParamsSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  approveHeldResultSchema,
  disputesSchema,
  heldOrdersSchema,
  orderRiskSchema,
} from '@keyland/core/schemas/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminErrors } from '../index.ts';
import { cancelRouteSchema } from './orders.routes.ts';
import type { ReviewService } from './review.service.ts';

/** The review queue of orders held by the fraud screening, their scores, and the disputes. */
export const reviewRoutes: FastifyPluginAsyncZod<{ service: ReviewService }> = async (app, { service }) => {
  app.get(
    '/api/admin/orders/held',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listHeldOrders',
        summary: 'Paid orders held for review by the fraud screening, the longest waiting first',
        response: { 200: heldOrdersSchema, ...adminErrors },
      },
    },
    () => service.listHeld(),
  );

  app.get(
    '/api/admin/orders/:id/risk',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getOrderRisk',
        summary:
          'The risk assessments of an order (at checkout and at payment): score, tier, reasons, signals',
        params: adminIdParamsSchema,
        response: { 200: orderRiskSchema, ...adminErrors },
      },
    },
    (request) => service.risk(request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/approve',
    {
      schema: {
        tags: ['admin'],
        operationId: 'approveHeldOrder',
        summary: 'Approve a held order: its keys are delivered at once (history and e-mail)',
        description: '409 ORDER_NOT_HELD when the order is not held (already decided, or never held).',
        params: adminIdParamsSchema,
        response: { 200: approveHeldResultSchema, ...adminErrors, 409: errorBodySchema },
      },
    },
    (request) => service.approve(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/reject',
    {
      schema: {
        tags: ['admin'],
        operationId: 'cancelHeldOrder',
        summary:
          'Cancel a held order: refunded in full through the payment provider, its keys back on sale, the customer told',
        description:
          '409 ORDER_NOT_HELD when the order is not held; 502 REFUND_FAILED when the provider refuses (nothing changes).',
        ...cancelRouteSchema,
      },
    },
    (request) => service.cancel(actorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/disputes',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listDisputes',
        summary: 'Disputes (chargebacks) the payment provider reported, the newest first',
        response: { 200: disputesSchema, ...adminErrors },
      },
    },
    () => service.disputes(),
  );
};
