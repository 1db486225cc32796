import { adminIdParamsSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import {
  adminClaimSchema,
  adminClaimsQuerySchema,
  adminClaimsSchema,
  createKeyClaimRequestSchema,
  keyClaimSchema,
  keyClaimsSchema,
  resolveClaimRequestSchema,
} from '@keyland/core/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';
import { actorOf, adminErrors, adminInputErrors, adminRoutesOnly } from '../admin/index.ts';
import type { ClaimsService } from './claims.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

/** A screenshot of at most 1 MiB arrives base64-encoded inside JSON. */
const CLAIM_BODY_LIMIT = 2 * 1024 * 1024;

const customerIdOf = (session: { customerId: number } | undefined) => {
  if (!session) throw new Error('requireSession must run first');
  return session.customerId;
};

/** The customer's claims on their delivered keys. */
export const claimsRoutes: FastifyPluginAsyncZod<{ service: ClaimsService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/claims',
    {
      bodyLimit: CLAIM_BODY_LIMIT,
      schema: {
        tags: ['claims'],
        operationId: 'createKeyClaim',
        summary:
          'Report that a delivered key does not work (reason, note, screenshot): replaced at once when the evidence allows, else reviewed by a person',
        body: createKeyClaimRequestSchema,
        response: { 201: keyClaimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const claim = await service.create(customerIdOf(request.session), request.body);
      return reply.code(201).send(claim);
    },
  );

  app.get(
    '/api/claims',
    {
      schema: {
        tags: ['claims'],
        operationId: 'listMyClaims',
        summary: 'The caller’s key claims, newest first, with their state and outcome',
        response: { 200: keyClaimsSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ items: await service.listMine(customerIdOf(request.session)) }),
  );
};

/** The admins' claims queue: each claim with its evidence, and its resolution. */
export const claimsAdminRoutes: FastifyPluginAsyncZod<{ service: ClaimsService }> = async (
  app,
  { service },
) => {
  adminRoutesOnly(app);

  app.get(
    '/api/admin/claims',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listClaims',
        summary:
          'Key claims (open ones oldest first) with the order, the key’s reveal log and the buyer’s record',
        querystring: adminClaimsQuerySchema,
        response: { 200: adminClaimsSchema, ...adminInputErrors },
      },
    },
    async (request) => service.list(request.query.status),
  );

  app.post(
    '/api/admin/claims/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        operationId: 'resolveClaim',
        summary:
          'Replace the key (from stock or the supplier), refund it to the original payment method with a credit note, or reject the claim with a reason',
        params: adminIdParamsSchema,
        body: resolveClaimRequestSchema,
        response: { 200: adminClaimSchema, ...adminErrors, 409: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => service.resolve(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/claims/:id/screenshot',
    {
      schema: {
        tags: ['admin'],
        operationId: 'getClaimScreenshot',
        summary: 'The screenshot attached to a claim (PNG, JPEG or WebP, checked when it was sent)',
        params: adminIdParamsSchema,
        response: { 200: z.any().describe('the image'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const shot = await service.screenshot(request.params.id);
      return reply
        .type(shot.type)
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .send(shot.bytes);
    },
  );
};
