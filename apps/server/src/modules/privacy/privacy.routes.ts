import { okResponseSchema } from '@keyland/core/schemas/accounts';
import { errorBodySchema } from '@keyland/core/schemas/common';
import { dataExportSchema, eraseAccountRequestSchema } from '@keyland/core/schemas/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, requireSession } from '../../plugins/session.ts';
import type { PrivacyService } from './privacy.service.ts';

export const privacyRoutes: FastifyPluginAsyncZod<{ service: PrivacyService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/api/account/export',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'exportAccountData',
        summary:
          'Download all the caller’s data (GDPR art. 20) as JSON: profile, orders, consent records, invoices, key claims, support messages and passkeys (names and dates)',
        response: { 200: dataExportSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await service.exportData(request.session?.customerId ?? 0);
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="keyland-data-${data.exportedAt.slice(0, 10)}.json"`,
        );
      return data;
    },
  );

  app.post(
    '/api/account/delete',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'deleteAccount',
        summary:
          'Erase the caller’s account after confirming the password (GDPR art. 17): personal data anonymised, every session ended, the e-mail freed; orders and invoices kept for the accounting retention period',
        body: eraseAccountRequestSchema,
        response: {
          200: okResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await service.erase(request.session?.customerId ?? 0, request.body.password);
      clearSessionCookie(reply, request);
      return { success: true as const, message: 'ok' };
    },
  );
};
