import { adminIdParamsSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  supplierGamePriceSchema,
  supplierPriceOverrideSchema,
  supplierStatusSchema,
  supplierSyncStartedSchema,
} from '@keyland/core/schemas/supplier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminAccessErrors, adminErrors, adminRoutesOnly } from '../admin/index.ts';
import type { SupplierAdminService } from './supplier-admin.service.ts';

/** The key supplier in the back office (admins only, never cached). */
export const supplierRoutes: FastifyPluginAsyncZod<{ service: SupplierAdminService }> = async (
  app,
  { service },
) => {
  adminRoutesOnly(app);

  app.get(
    '/api/admin/supplier',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getSupplierStatus',
        summary: 'Key supplier in use, whether a sync runs, the last sync run and orders awaiting keys',
        response: { 200: supplierStatusSchema, ...adminAccessErrors },
      },
    },
    () => service.status(),
  );

  app.post(
    '/api/admin/supplier/sync',
    {
      schema: {
        tags: ['admin'],
        operationId: 'startSupplierSync',
        summary:
          'Start a sync of the supplier’s products, buying prices and quantities now (audited); follow it with GET /api/admin/supplier',
        response: { 202: supplierSyncStartedSchema, ...adminAccessErrors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await service.startSync(actorOf(request));
      return reply.status(202).send({ started: true });
    },
  );

  app.get(
    '/api/admin/supplier/games/:id/price',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getSupplierGamePrice',
        summary: 'A supplier game’s buying price, rule price and admin override',
        params: adminIdParamsSchema,
        response: { 200: supplierGamePriceSchema, ...adminErrors },
      },
    },
    (request) => service.gamePrice(request.params.id),
  );

  app.post(
    '/api/admin/supplier/games/:id/price',
    {
      schema: {
        tags: ['admin'],
        operationId: 'setSupplierGamePrice',
        summary:
          'Set the selling price of a supplier game (euros, VAT included), or null to follow the rule (audited)',
        params: adminIdParamsSchema,
        body: supplierPriceOverrideSchema,
        response: { 200: supplierGamePriceSchema, ...adminErrors },
      },
    },
    (request) => service.setPriceOverride(actorOf(request), request.params.id, request.body.price),
  );
};
