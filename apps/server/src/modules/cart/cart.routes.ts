import {
  addOrderLineRequestSchema,
  applyCouponRequestSchema,
  cartRequestSchema,
  cartSchema,
  draftOrderRequestSchema,
  draftOrderResponseSchema,
  removeOrderLineRequestSchema,
  updateOrderLineQuantityRequestSchema,
} from '@keyland/core/schemas/cart';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session.ts';
import type { CartCustomer, CartService } from './cart.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

function customerOf(request: FastifyRequest): CartCustomer {
  const session = request.session;
  if (!session) throw new Error('requireSession must run first');
  return { customerId: session.customerId, countryId: session.countryId, locale: request.locale };
}

/** The spec's cart calls; each acts for the session's customer whatever e-mail or order id the body names. */
export const cartRoutes: FastifyPluginAsyncZod<{ service: CartService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/api/kl_api/draft_order',
    {
      schema: {
        tags: ['cart'],
        operationId: 'getDraftOrder',
        summary: "The caller's draft order (cart), created when missing",
        body: draftOrderRequestSchema,
        response: { 200: draftOrderResponseSchema, ...errors },
      },
    },
    async (request) => ({ order_id: await service.draftOrder(customerOf(request)) }),
  );

  app.post(
    '/api/kl_api/get_order_cart_items',
    {
      schema: {
        tags: ['cart'],
        operationId: 'listCartItems',
        summary: 'Lines and totals of the cart, priced by the server with the VAT of the customer’s country',
        body: cartRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => service.get(customerOf(request)),
  );

  app.post(
    '/api/kl_api/add_or_update_order_line',
    {
      schema: {
        tags: ['cart'],
        operationId: 'addCartLine',
        summary:
          'Add one key of a game (by cws_product_id) to the cart; price fields in the body are ignored',
        body: addOrderLineRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => service.add(customerOf(request), request.body),
  );

  app.post(
    '/api/kl_api/update_order_line_quantity',
    {
      schema: {
        tags: ['cart'],
        operationId: 'updateCartLineQuantity',
        summary:
          'Change a line’s quantity by +1 or −1 (between 1 and the smaller of 10 and the keys available)',
        body: updateOrderLineQuantityRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => service.changeQuantity(customerOf(request), request.body, request.body.delta),
  );

  app.post(
    '/api/kl_api/remove_order_line',
    {
      schema: {
        tags: ['cart'],
        operationId: 'removeCartLine',
        summary: 'Remove a line from the cart',
        body: removeOrderLineRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => service.remove(customerOf(request), request.body),
  );

  app.post(
    '/api/kl_api/apply_coupon',
    {
      schema: {
        tags: ['cart'],
        operationId: 'applyCoupon',
        summary:
          'Apply a coupon code to the cart (one at a time); 404 for an unknown code, 409 saying why one does not apply, 429 after too many wrong codes',
        body: applyCouponRequestSchema,
        response: { 200: cartSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => service.applyCoupon(customerOf(request), request.body.code, request.ip),
  );

  app.post(
    '/api/kl_api/remove_coupon',
    {
      schema: {
        tags: ['cart'],
        operationId: 'removeCoupon',
        summary: 'Take the coupon off the cart',
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => service.removeCoupon(customerOf(request)),
  );
};
