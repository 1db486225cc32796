import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { CheckoutService } from '../checkout/index.ts';
import { WebhookSignatureError } from './payment.port.ts';

/**
 * `POST /api/payments/webhook/<provider>`: the provider's signed events. The signature is checked on the
 * raw body, so this plugin keeps JSON bodies as text.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  service: CheckoutService;
  provider: 'local' | 'stripe';
}> = async (app, { service, provider }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/webhook/:provider',
    {
      schema: {
        tags: ['payments'],
        operationId: 'receivePaymentEvent',
        summary:
          'Signed events of the payment provider (checkout.session.completed/expired, charge.refunded, charge.dispute.created/updated/closed)',
        params: z.object({ provider: z.enum(['local', 'stripe']) }),
        body: z.string().max(256 * 1024),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (request.params.provider !== provider) throw new AppError('NOT_FOUND', 'Not found');
      const signature = request.headers['stripe-signature'];
      try {
        const { duplicate } = await service.handleWebhook(
          request.body,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { received: true as const, duplicate };
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new AppError('VALIDATION_FAILED', 'Invalid signature');
        throw error;
      }
    },
  );
};
