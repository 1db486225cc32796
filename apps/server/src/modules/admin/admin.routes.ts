import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session.ts';
import type { SessionStores } from '../accounts/index.ts';
import { auditRoutes } from '../audit/index.ts';
import type { BackOfficeDeps } from './back-office-deps.ts';
import { createAdminCustomersService, customersRoutes } from './customers/index.ts';
import { type AttentionCounts, createDashboardService, dashboardRoutes } from './dashboard/index.ts';
import { createKeysService, keysRoutes } from './keys/index.ts';
import { createAdminOrdersService, ordersRoutes, type ReviewService, reviewRoutes } from './orders/index.ts';
import {
  coverUploadRoutes,
  createCoverService,
  createProductsService,
  productsRoutes,
} from './products/index.ts';
import { createOssReportService, reportsRoutes } from './reports/index.ts';
import type { TotpService } from './two-factor/index.ts';
import { twoFactorRoutes } from './two-factor/index.ts';

export interface AdminDeps extends BackOfficeDeps {
  /** The admins' second factor (its routes are left out without it). */
  totp?: TotpService;
  /** DATA_DIR: uploaded covers go to `<dataDir>/uploads/covers` (the upload route is left out without it). */
  dataDir?: string;
  /** The checkout's `cancelOpenCheckouts`, run when a customer is suspended. */
  cancelOpenCheckouts?: (customerId: number) => Promise<void>;
  /** Where sessions live (suspending a customer ends theirs); the database by default. */
  sessionStores?: SessionStores;
  /** The review queue of held orders (its routes are left out without it). */
  review?: ReviewService;
  /** Open and overdue key claims and open tickets, for the dashboard. */
  attention?: AttentionCounts;
}

/**
 * The back office: every `/api/admin/*` route, each answering 401 without a session and 403 to a
 * non-admin (the `requireAdmin` hook covers this whole plugin), and never cached.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(auditRoutes, { db: deps.db });
  await app.register(dashboardRoutes, {
    service: createDashboardService(deps.db, undefined, deps.attention),
  });
  await app.register(productsRoutes, { service: createProductsService(deps.db) });
  await app.register(keysRoutes, { service: createKeysService(deps) });
  // The review routes first: `/api/admin/orders/held` is not an order id.
  if (deps.review) await app.register(reviewRoutes, { service: deps.review });
  await app.register(ordersRoutes, { service: createAdminOrdersService(deps) });
  await app.register(customersRoutes, {
    service: createAdminCustomersService(deps.db, {
      cancelOpenCheckouts: deps.cancelOpenCheckouts,
      log: deps.log,
      sessionStores: deps.sessionStores,
    }),
  });
  if (deps.totp) await app.register(twoFactorRoutes, { totp: deps.totp });
  if (deps.dataDir) {
    await app.register(coverUploadRoutes, {
      service: createCoverService(deps.db, deps.dataDir),
      publicUrl: deps.publicUrl,
    });
  }
  await app.register(reportsRoutes, { service: createOssReportService(deps.db) });
};
