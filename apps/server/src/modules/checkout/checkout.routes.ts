import { okResponseSchema } from '@keyland/core/schemas/accounts';
import {
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
} from '@keyland/core/schemas/cart';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
        operationId: 'createCheckoutSession',
        summary:
          'Reserve the cart’s keys, record the consent to immediate delivery (and the gift, when the whole order is one: its recipient, message, day and language), and answer the hosted payment page URL. Amounts in the body are ignored. 400 GIFT_DATE_OUT_OF_RANGE when the gift’s day is not between today and a year ahead (Tallinn)',
        body: createCheckoutSessionRequestSchema,
        response: { 200: createCheckoutSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { url, orderId } = await service.startCheckout(
        customerOf(request),
        request.body.consent,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        request.body.gift,
      );
      return { url, order_id: orderId };
    },
  );

  app.post(
    '/api/kl_api/createOrder',
    {
      schema: {
        tags: ['checkout'],
        operationId: 'createOrder',
        summary:
          'On the success page: check the payment session is the caller’s and paid, deliver and answer its keys',
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema, ...createOrderErrors },
      },
      config: { errorBodyExtra: { success: false, data: [] } },
    },
    async (request) => {
      const { orderId, keys, held, processing, preorderRelease, gift } =
        await service.completeFromSuccessPage(customerOf(request).customerId, request.body.sessionId);
      if (processing)
        return {
          success: true,
          data: [],
          order_id: orderId,
          processing: true,
          hold_days: service.processingHoldDays,
        };
      if (held)
        return { success: true, data: [], order_id: orderId, held: true, review_hours: service.reviewHours };
      const preorder = preorderRelease ? { preorder_release: preorderRelease } : {};
      // A gift's keys are its recipient's: the buyer's success page names the day it is sent.
      if (gift)
        return {
          success: true,
          data: [],
          order_id: orderId,
          ...preorder,
          gift: true,
          gift_deliver_on: gift.deliverOn,
        };
      return { success: true, data: keys, order_id: orderId, ...preorder };
    },
  );

  app.post(
    '/api/kl_api/cancel_checkout',
    {
      schema: {
        tags: ['checkout'],
        operationId: 'cancelCheckout',
        summary: 'The customer left the payment page: release the reserved keys; the cart stays as it was',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.cancelOpenCheckouts(customerOf(request).customerId);
      return { success: true as const, message: 'ok' };
    },
  );
};
