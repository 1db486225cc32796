import { errorResponses } from '@keyland/core/schemas/common';
import {
  giftOpenedSchema,
  giftOrderParamsSchema,
  giftStateSchema,
  giftTokenRequestSchema,
  giftViewSchema,
  resendGiftRequestSchema,
} from '@keyland/core/schemas/gifts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session.ts';
import type { GiftsService } from './gifts.service.ts';

/**
 * A gift's recipient, without an account: the page's two calls with the link's token (in the body, so no
 * address in a log holds it), and the buyer's resend to a corrected address (docs/decisions/039-gifts.md).
 */
export const giftsRoutes: FastifyPluginAsyncZod<{ service: GiftsService }> = async (app, { service }) => {
  app.post(
    '/api/gifts/view',
    {
      schema: {
        tags: ['gifts'],
        operationId: 'getGift',
        summary:
          'The gift of a link, before its keys are revealed (from whom, the message, the games) or after (when it was opened); no login. 404 GIFT_LINK_INVALID for an unknown, replaced or withdrawn link, 410 GIFT_LINK_EXPIRED after 90 days',
        body: giftTokenRequestSchema,
        response: { 200: giftViewSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.view(request.body.token);
    },
  );

  app.post(
    '/api/gifts/open',
    {
      schema: {
        tags: ['gifts'],
        operationId: 'openGift',
        summary:
          'Reveal the keys of a gift, once: they are shown in the answer and the reveal is logged with the caller’s address; no login. A second call answers 409 GIFT_ALREADY_OPENED',
        body: giftTokenRequestSchema,
        response: { 200: giftOpenedSchema, ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userAgent = request.headers['user-agent'];
      return service.open(request.body.token, {
        ip: request.ip || null,
        userAgent: typeof userAgent === 'string' && userAgent !== '' ? userAgent : null,
      });
    },
  );

  app.post(
    '/api/orders/:orderId/gift/resend',
    {
      onRequest: requireSession,
      schema: {
        tags: ['gifts'],
        operationId: 'resendGift',
        summary:
          'Correct the recipient of one of the caller’s gifts before it is opened: a scheduled gift keeps its day, a sent one goes again at once with a new link (the old one stops working), at most 5 times. 409 GIFT_ALREADY_OPENED or GIFT_RESEND_LIMIT',
        params: giftOrderParamsSchema,
        body: resendGiftRequestSchema,
        response: { 200: giftStateSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.resend(request.session?.customerId ?? 0, request.params.orderId, request.body),
  );
};
