import { okResponseSchema } from '@keyland/core/schemas/accounts';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  completedOrdersResponseSchema,
  deleteOrderRequestSchema,
  recordKeyAccessRequestSchema,
} from '@keyland/core/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';
import type { OrdersService } from './orders.service.ts';

/** The history's routes answer 400 to a malformed body, 401 without a session, 404 for another's order. */
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const customerIdOf = (session: { customerId: number } | undefined) => {
  if (!session) throw new Error('requireSession must run first');
  return session.customerId;
};

/** The customer's purchase history: their paid orders with keys and documents, and hiding one. */
export const ordersRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/api/kl_api/get_completed_orders',
    {
      schema: {
        tags: ['orders'],
        operationId: 'listCompletedOrders',
        summary:
          'The caller’s paid orders with items, prices, totals and keys (an e-mail in the body is ignored)',
        body: z.object({ email: z.string().max(254).optional() }).default({}),
        response: { 200: completedOrdersResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.history(customerIdOf(request.session));
    },
  );

  app.post(
    '/api/kl_api/delete_order',
    {
      schema: {
        tags: ['orders'],
        operationId: 'hideOrder',
        summary: 'Hide a paid order from the caller’s history; the record stays for accounting and support',
        body: deleteOrderRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.hideOrder(customerIdOf(request.session), request.body.orderId);
      return { success: true as const, message: 'ok' };
    },
  );

  app.post(
    '/api/kl_api/record_key_access',
    {
      schema: {
        tags: ['orders'],
        operationId: 'recordKeyAccess',
        summary:
          'Record that the caller showed or copied a key of their history (kept as evidence should the payment be disputed)',
        body: recordKeyAccessRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userAgent = request.headers['user-agent'];
      await service.recordKeyAccess(customerIdOf(request.session), request.body, {
        ip: request.ip || null,
        userAgent: typeof userAgent === 'string' && userAgent !== '' ? userAgent : null,
      });
      return { success: true as const, message: 'ok' };
    },
  );
};
