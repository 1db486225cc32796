import {
  adminIdParamsSchema,
  adminOrderDetailSchema,
  cancelOrderResultSchema,
  cancelOrderSchema,
  ordersPageSchema,
  ordersQuerySchema,
} from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminErrors } from '../index.ts';
import type { AdminOrdersService } from './orders.service.ts';

/**
 * The request and answers of a cancellation with a refund (a paid order's, or a held order's in the review
 * queue): the order's id and the reason in, the recorded cancellation out; 409 when the order's state
 * refuses it, 502 when the payment provider refuses the refund.
 */
export const cancelRouteSchema = {
  params: adminIdParamsSchema,
  body: cancelOrderSchema,
  response: {
    200: cancelOrderResultSchema,
    ...adminErrors,
    409: errorBodySchema,
    502: errorBodySchema,
  },
};

export const ordersRoutes: FastifyPluginAsyncZod<{ service: AdminOrdersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listOrders',
        summary:
          'Orders (carts excluded unless status=draft), newest first; `q` is an e-mail, an order id or a date (YYYY-MM-DD)',
        querystring: ordersQuerySchema,
        response: { 200: ordersPageSchema, ...adminErrors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getOrder',
        summary: 'An order with its lines, keys (masked), consent record, payment reference and cancellation',
        params: adminIdParamsSchema,
        response: { 200: adminOrderDetailSchema, ...adminErrors },
      },
    },
    (request) => service.detail(request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        operationId: 'cancelOrder',
        summary:
          'Cancel a paid order suspected of fraud: refund through the payment provider, revoke its keys, e-mail the customer',
        description:
          'Idempotent: the refund uses the key `keyland-refund-<id>`, and cancelling a cancelled order answers the recorded cancellation. 409 ORDER_NOT_CANCELLABLE for an order that is not paid; 502 REFUND_FAILED when the provider refuses (nothing changes).',
        ...cancelRouteSchema,
      },
    },
    (request) => service.cancel(actorOf(request), request.params.id, request.body.reason),
  );
};
