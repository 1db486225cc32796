import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyRequest } from 'fastify';

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

/** Error answers every admin route may give (documented in the OpenAPI document). */
export const adminErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
