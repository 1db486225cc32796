import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { scheduleAppJob } from './lib/scheduled-job.ts';
import type { MailDispatcher, MailOutbox } from './modules/mail/index.ts';
import { createWishlistAlerts, createWishlistService, wishlistRoutes } from './modules/wishlist/index.ts';

export { ONE_CLICK_UNSUBSCRIBE_PATH } from './modules/wishlist/index.ts';

/**
 * The customers' wishlists, and the round that mails their price and stock alerts
 * (docs/decisions/035-wishlist-and-alerts.md), one instance at a time. The round keeps the promotions'
 * rhythm (PROMOTION_CHECK_MS; 0 turns it off, for tests that drive the clock): a sale that starts is told
 * a moment later.
 */
export async function registerWishlist(
  app: FastifyInstance,
  config: Config,
  dbHandle: DbHandle,
  deps: { mailOutbox: MailOutbox; mailDispatcher: MailDispatcher },
): Promise<void> {
  const { db } = dbHandle;
  await app.register(wishlistRoutes, { service: createWishlistService({ db }) });
  const alerts = createWishlistAlerts({ db, ...deps, publicUrl: config.publicUrl });
  if (config.promotionCheckMs > 0)
    scheduleAppJob(app, {
      name: 'wishlist-alerts',
      intervalMs: config.promotionCheckMs,
      firstRound: { at: 'delay', delayMs: config.promotionCheckMs },
      dbHandle,
      run: () => alerts.run(),
      failed: 'wishlist alerts round failed',
    });
}
