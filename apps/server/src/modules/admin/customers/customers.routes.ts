import {
  adminIdParamsSchema,
  customersPageSchema,
  customersQuerySchema,
  suspendResultSchema,
} from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminErrors, adminInputErrors } from '../index.ts';
import type { AdminCustomersService } from './customers.service.ts';

export const customersRoutes: FastifyPluginAsyncZod<{ service: AdminCustomersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/customers',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listCustomers',
        summary: 'Customer accounts; `q` searches e-mail and name',
        querystring: customersQuerySchema,
        response: { 200: customersPageSchema, ...adminInputErrors },
      },
    },
    (request) => service.list(request.query),
  );

  app.post(
    '/api/admin/customers/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        operationId: 'suspendCustomer',
        summary:
          'Suspend an account: it can no longer log in and all its sessions end at once (409 CANNOT_SUSPEND_SELF for your own)',
        params: adminIdParamsSchema,
        response: { 200: suspendResultSchema, ...adminErrors, 409: errorBodySchema },
      },
    },
    (request) => service.suspend(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/customers/:id/reactivate',
    {
      schema: {
        tags: ['admin'],
        operationId: 'reactivateCustomer',
        summary: 'Reactivate a suspended account',
        params: adminIdParamsSchema,
        response: { 200: suspendResultSchema, ...adminErrors },
      },
    },
    (request) => service.reactivate(actorOf(request), request.params.id),
  );
};
