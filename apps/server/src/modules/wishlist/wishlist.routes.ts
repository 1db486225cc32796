import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  unsubscribedSchema,
  unsubscribeQuerySchema,
  wishlistAlertSchema,
  wishlistItemSchema,
  wishlistParamsSchema,
  wishlistRemovedSchema,
  wishlistSchema,
} from '@keyland/core/schemas/wishlist';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session.ts';
import type { WishlistService } from './wishlist.service.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './wishlist-alerts.service.ts';

const customerOf = (request: FastifyRequest) => request.session?.customerId ?? 0;

/** The caller's wishlist and the alerts of its games (docs/decisions/035-wishlist-and-alerts.md). */
export const wishlistRoutes: FastifyPluginAsyncZod<{ service: WishlistService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/wishlist',
    {
      onRequest: requireSession,
      schema: {
        tags: ['wishlist'],
        operationId: 'getWishlist',
        summary:
          'The caller’s wishlist, the latest added first: each game with today’s price, the lowest price of the last 30 days, stock and the alerts set',
        response: { 200: wishlistSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(customerOf(request));
    },
  );

  app.put(
    '/api/wishlist/:providerId',
    {
      onRequest: requireSession,
      schema: {
        tags: ['wishlist'],
        operationId: 'addToWishlist',
        summary:
          'Add a listed game to the caller’s wishlist (201; 200 when it is already there). At most 200 games: 409 WISHLIST_FULL',
        params: wishlistParamsSchema,
        response: {
          200: wishlistItemSchema,
          201: wishlistItemSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { item, added } = await service.add(customerOf(request), request.params.providerId);
      return reply.code(added ? 201 : 200).send(item);
    },
  );

  app.post(
    '/api/wishlist/:providerId/remove',
    {
      onRequest: requireSession,
      schema: {
        tags: ['wishlist'],
        operationId: 'removeFromWishlist',
        summary:
          'Take a game off the caller’s wishlist, with its alerts (`removed` false when it was not there)',
        params: wishlistParamsSchema,
        response: {
          200: wishlistRemovedSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.remove(customerOf(request), request.params.providerId),
  );

  app.put(
    '/api/wishlist/:providerId/alert',
    {
      onRequest: requireSession,
      schema: {
        tags: ['wishlist'],
        operationId: 'setWishlistAlert',
        summary:
          'Choose the e-mail alerts of a game on the caller’s wishlist: a price drop (any, or to a price or lower) and its return to stock',
        params: wishlistParamsSchema,
        body: wishlistAlertSchema,
        response: {
          200: wishlistItemSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.setAlert(customerOf(request), request.params.providerId, request.body),
  );

  await app.register(unsubscribeRoutes, { service });
};

/**
 * The unsubscribe link of an alert mail, without logging in: the web page's call, and the one-click POST a
 * mail program sends to the address of the List-Unsubscribe header (RFC 8058, a form body
 * `List-Unsubscribe=One-Click`, from another server). Only the token counts: whoever holds it may turn the
 * alerts off, nothing else. Its own context reads form bodies without looking at them.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<{ service: WishlistService }> = async (app, { service }) => {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.post(
    ONE_CLICK_UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['wishlist'],
        operationId: 'unsubscribeAlerts',
        summary:
          'Turn off every wishlist alert of the customer an alert mail went to, with the token of its link; no login (RFC 8058 one-click: a form body is accepted and ignored)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribedSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.unsubscribe(request.query.token);
    },
  );
};
