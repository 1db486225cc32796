import { dashboardQuerySchema, dashboardSchema } from '@keyland/core/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInputErrors } from '../index.ts';
import type { createDashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createDashboardService>;
}> = async (app, { service }) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getDashboard',
        summary:
          'Sales, gross and net income (gross minus VAT) from paid orders, per day for the last `days` days, best sellers and games low on keys',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...adminInputErrors },
      },
    },
    (request) => service.dashboard(request.query),
  );
};
