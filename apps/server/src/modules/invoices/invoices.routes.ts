import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';
import type { InvoicesService } from './invoices.service.ts';

export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/api/invoices/:id/pdf',
    {
      schema: {
        tags: ['orders'],
        operationId: 'downloadInvoice',
        summary: 'Download one of the caller’s invoices or credit notes as PDF (anyone else’s: 404)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: z.any().describe('application/pdf'),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const customerId = request.session?.customerId ?? 0;
      const { filename, pdf } = await service.pdfForCustomer(customerId, request.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
};
