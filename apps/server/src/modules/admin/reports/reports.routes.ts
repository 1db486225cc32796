import { ossReportQuerySchema } from '@keyland/core/schemas/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminInputErrors } from '../index.ts';
import type { OssReportService } from './oss-report.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<{ service: OssReportService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/reports/oss',
    {
      schema: {
        tags: ['admin'],
        operationId: 'downloadOssReport',
        summary:
          'OSS VAT report of a calendar quarter as CSV: taxable amount and VAT per member state and rate, from the invoices and credit notes issued in it (Estonian time); rows of Estonia are marked `domestic`',
        querystring: ossReportQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...adminInputErrors },
      },
    },
    async (request, reply) => {
      const { year, quarter } = request.query;
      const csv = await service.csv(year, quarter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="keyland-oss-${year}-Q${quarter}.csv"`)
        .send(csv);
    },
  );
};
