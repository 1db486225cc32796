import { preorderObligationsSchema } from '@keyland/core/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAccessErrors, adminRoutesOnly } from '../admin/index.ts';
import type { PreordersService } from './preorders.service.ts';

/** The back office's pre-orders: what is owed per game against its keys. */
export const preordersAdminRoutes: FastifyPluginAsyncZod<{ service: PreordersService }> = async (
  app,
  { service },
) => {
  adminRoutesOnly(app);

  app.get(
    '/api/admin/preorders',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listPreorderObligations',
        summary:
          'Every game on pre-order or with paid pre-orders waiting: keys owed, set aside and missing, the earliest delivery day first, with a warning when keys are missing within a few days of it',
        response: { 200: preorderObligationsSchema, ...adminAccessErrors },
      },
    },
    async () => service.obligations(),
  );
};
