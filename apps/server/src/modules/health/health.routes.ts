import { healthSchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/client.ts';

const READY_TIMEOUT_MS = 2_000;

/** Set when the process is shutting down: /readyz then answers 503 so that balancers stop sending work. */
export interface DrainState {
  draining: boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<{
  dbHandle: DbHandle;
  drain?: DrainState;
  /** Other services the store cannot work without (Redis when it holds the sessions). */
  alsoNeeds?: Array<() => Promise<void>>;
}> = async (app, { dbHandle, drain, alsoNeeds = [] }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        operationId: 'checkLiveness',
        summary: 'The process is up',
        response: { 200: healthSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        operationId: 'checkReadiness',
        summary: 'The database (and Redis, when configured) answers',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      if (drain?.draining) return reply.status(503).send({ status: 'unavailable' as const });
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.all([dbHandle.ping(), ...alsoNeeds.map((ping) => ping())]),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('readiness ping timed out')), READY_TIMEOUT_MS);
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
