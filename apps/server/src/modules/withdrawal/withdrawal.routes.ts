import { errorBodySchema } from '@keyland/core/schemas/common';
import { withdrawalRequestSchema, withdrawalResultSchema } from '@keyland/core/schemas/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

export const withdrawalRoutes: FastifyPluginAsyncZod<{ service: WithdrawalService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/api/orders/:id/withdraw',
    {
      schema: {
        tags: ['orders'],
        operationId: 'withdrawFromOrder',
        summary:
          'Withdraw from the contract of one of the caller’s paid orders whose keys are not delivered yet (art. 11a of Directive 2011/83): keys released, payment refunded, credit note issued, acknowledgement mailed. Repeating it answers the same withdrawal (and retries a refund that failed).',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: withdrawalRequestSchema,
        response: {
          200: withdrawalResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.withdraw(request.session?.customerId ?? 0, request.params.id);
    },
  );
};
