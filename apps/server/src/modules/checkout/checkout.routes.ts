import { okResponseSchema } from '@keyland/core/schemas/accounts';
import {
  completedOrdersResponseSchema,
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  deleteOrderRequestSchema,
} from '@keyland/core/schemas/cart';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import { requireSession } from '../../plugins/session.ts';
import type { CheckoutCustomer, CheckoutService } from './checkout.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};

/** Errors of createOrder keep the spec's `{success, data}` next to the error contract's fields. */
const createOrderFailure = errorBodySchema.extend({
  success: z.literal(false).optional(),
  data: z.array(z.never()).optional(),
});
const createOrderErrors = {
  400: createOrderFailure,
  401: errorBodySchema,
  404: createOrderFailure,
  409: createOrderFailure,
};

function customerOf(request: FastifyRequest): CheckoutCustomer {
  const session = request.session;
  if (!session) throw new Error('requireSession must run first');
  return { customerId: session.customerId, countryId: session.countryId, email: session.email };
}

export const checkoutRoutes: FastifyPluginAsyncZod<{ service: CheckoutService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/api/create-checkout-session',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Reserve the cart’s keys, record the consent to immediate delivery, and answer the hosted payment page URL. Amounts in the body are ignored.',
        body: createCheckoutSessionRequestSchema,
        response: { 200: createCheckoutSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { url, orderId } = await service.startCheckout(customerOf(request), request.body.consent, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { url, order_id: orderId };
    },
  );

  app.post(
    '/api/kl_api/createOrder',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'On the success page: check the payment session is the caller’s and paid, deliver and answer its keys',
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema, ...createOrderErrors },
      },
    },
    async (request, reply) => {
      try {
        const { orderId, keys } = await service.completeFromSuccessPage(
          customerOf(request).customerId,
          request.body.sessionId,
        );
        return { success: true, data: keys, order_id: orderId };
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500 || error.status === 401) throw error;
        return reply.status(error.status as 400 | 404 | 409).send({
          success: false,
          data: [],
          error: error.code,
          message: translate(request.locale, `errors.${error.code}`, error.values),
        });
      }
    },
  );

  app.post(
    '/api/kl_api/cancel_checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The customer left the payment page: release the reserved keys; the cart stays as it was',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.cancelOpenCheckouts(customerOf(request).customerId);
      return { success: true as const, message: 'ok' };
    },
  );

  app.post(
    '/api/kl_api/get_completed_orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The caller’s paid orders with items, prices, totals and keys (an e-mail in the body is ignored)',
        body: z.object({ email: z.string().max(254).optional() }).default({}),
        response: { 200: completedOrdersResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.history(customerOf(request).customerId);
    },
  );

  app.post(
    '/api/kl_api/delete_order',
    {
      schema: {
        tags: ['orders'],
        summary: 'Hide a paid order from the caller’s history; the record stays for accounting and support',
        body: deleteOrderRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.hideOrder(customerOf(request).customerId, request.body.orderId);
      return { success: true as const, message: 'ok' };
    },
  );
};
