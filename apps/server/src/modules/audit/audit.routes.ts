import { auditPageSchema, auditQuerySchema } from '@keyland/core/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { adminInputErrors } from '../admin/index.ts';
import { createAuditRepository } from './audit.repository.ts';

/** The audit trail, newest first. There is deliberately no route that edits or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const repository = createAuditRepository(db);

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listAuditEntries',
        summary: 'Admin audit trail, newest first (read-only)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...adminInputErrors },
      },
    },
    async (request) => {
      const { rows, total } = await repository.page(request.query);
      return {
        total,
        items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
      };
    },
  );
};
