import { adminIdParamsSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  couponInputSchema,
  couponSchema,
  couponsSchema,
  generateCouponsInputSchema,
} from '@keyland/core/schemas/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminConflictErrors, adminInputErrors, adminRoutesOnly } from '../admin/index.ts';
import type { CouponsService } from './coupons.service.ts';

/** The admins' coupons: typed codes, generated batches (exported as CSV), changes before the start, ending. */
export const couponsAdminRoutes: FastifyPluginAsyncZod<{ service: CouponsService }> = async (
  app,
  { service },
) => {
  adminRoutesOnly(app);

  app.get(
    '/api/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listCoupons',
        summary: 'Every coupon, newest first, with its state, uses, discount given and revenue',
        response: { 200: couponsSchema, ...adminInputErrors },
      },
    },
    async () => ({ items: await service.list() }),
  );

  app.post(
    '/api/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        operationId: 'createCoupon',
        summary:
          'Create a coupon with a typed code: a percentage or an amount off, a minimum basket, an end, use limits, optionally for some games or a platform',
        body: couponInputSchema,
        response: { 201: couponSchema, ...adminInputErrors, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/coupons/generate',
    {
      schema: {
        tags: ['admin'],
        operationId: 'generateCoupons',
        summary:
          'Generate a batch of single-use codes under one rule, answered as a CSV file (one code per line)',
        body: generateCouponsInputSchema,
        response: {
          201: z.string().describe('text/csv: the line "code", then one code per line'),
          ...adminInputErrors,
        },
      },
    },
    async (request, reply) => {
      const { coupon, codes } = await service.generate(actorOf(request), request.body);
      return reply
        .code(201)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="coupons-${coupon.id}.csv"`)
        .header('x-coupon-id', String(coupon.id))
        .send(`code\r\n${codes.join('\r\n')}\r\n`);
    },
  );

  app.put(
    '/api/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'updateCoupon',
        summary: 'Change a coupon that has not started yet (its codes stay; 409 once it has started)',
        params: adminIdParamsSchema,
        body: couponInputSchema,
        response: { 200: couponSchema, ...adminConflictErrors },
      },
    },
    async (request) => {
      const { code: _code, ...rule } = request.body;
      return service.update(actorOf(request), request.params.id, rule);
    },
  );

  app.post(
    '/api/admin/coupons/:id/end',
    {
      schema: {
        tags: ['admin'],
        operationId: 'endCoupon',
        summary: 'End a coupon now: carts lose it at their next change and checkouts refuse it',
        params: adminIdParamsSchema,
        response: { 200: couponSchema, ...adminConflictErrors },
      },
    },
    async (request) => service.end(actorOf(request), request.params.id),
  );
};
