import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import {
  type ClaimsDeps,
  claimsAdminRoutes,
  claimsRoutes,
  createClaimsService,
} from './modules/claims/index.ts';
import { createSupportService, supportAdminRoutes, supportRoutes } from './modules/support/index.ts';

/**
 * The key guarantee and the support channel: key claims (customers and the admins' queue) and the contact
 * form with its tickets. Answers the services the history and the dashboard read from.
 */
export async function registerSupport(
  app: FastifyInstance,
  config: Config,
  deps: Omit<ClaimsDeps, 'settings' | 'publicUrl' | 'log'>,
) {
  const claims = createClaimsService({
    ...deps,
    settings: config.support,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const support = createSupportService({
    db: deps.db,
    mailOutbox: deps.mailOutbox,
    mailDispatcher: deps.mailDispatcher,
    publicUrl: config.publicUrl,
    supportEmail: config.support.supportEmail,
    limiter: deps.limiter,
  });
  await app.register(claimsRoutes, { service: claims });
  await app.register(claimsAdminRoutes, { service: claims });
  await app.register(supportRoutes, { service: support });
  await app.register(supportAdminRoutes, { service: support });
  const attention = async () => ({
    openClaims: await claims.openCount(),
    overdueClaims: await claims.overdueCount(),
    openTickets: await support.openCount(),
  });
  return { claims, support, attention };
}
