import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../plugins/session.ts';

/** Who performs an admin action, for the audit trail. */
export interface Actor {
  adminId: number;
  ip: string;
}

/** The admin behind a request; the admin plugin's `requireAdmin` hook has already run. */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (session?.role !== 'admin') throw new Error('requireAdmin must run first');
  return { adminId: session.customerId, ip: request.ip };
}

/**
 * The error answers of admin routes, for their documented responses. Every admin route answers 401
 * without a session and 403 to a non-admin (the admin plugin's hook)…
 */
export const adminAccessErrors = { 401: errorBodySchema, 403: errorBodySchema };
/** …a route that reads a query, path or body also 400 when it is not valid… */
export const adminInputErrors = { 400: errorBodySchema, ...adminAccessErrors };
/** …a route on one record by its id also 404 when there is none… */
export const adminErrors = { ...adminInputErrors, 404: errorBodySchema };
/** …and a change that the record's state can refuse also 409. */
export const adminConflictErrors = { ...adminErrors, 409: errorBodySchema };

/**
 * Makes every route of the calling plugin an admin route: 401 without a session, 403 to a non-admin, and
 * never cached. Back-office routes that live in their feature's module (claims, support, supplier) use it.
 */
export function adminRoutesOnly(app: FastifyInstance): void {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
