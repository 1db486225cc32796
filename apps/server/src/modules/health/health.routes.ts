import { healthSchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/client.ts';

const READY_TIMEOUT_MS = 2_000;

/** Set when the process is shutting down: /readyz then answers 503 so that balancers stop sending work. */
export interface DrainState {
  draining: boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<{ dbHandle: DbHandle; drain?: DrainState }> = async (
  app,
  { dbHandle, drain },
) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      if (drain?.draining) return reply.status(503).send({ status: 'unavailable' as const });
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          dbHandle.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
