import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { catalogueChanged } from './lib/catalogue-changed.ts';
import { scheduleAppJob } from './lib/scheduled-job.ts';
import { createAnswerCache } from './modules/catalogue/catalogue.cache.ts';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { couponsAdminRoutes, createCouponsService } from './modules/coupons/index.ts';
import {
  createPromotionsService,
  priceHistoryRoutes,
  promotionsAdminRoutes,
  refreshSalePrices,
} from './modules/pricing/index.ts';

/**
 * The catalogue with its answer cache, and its prices: the public price history, the admins' promotions
 * and coupons, and the round that starts and ends promotions on time (docs/decisions/032-price-ledger-and-promotions.md).
 */
export async function registerCatalogueAndPrices(
  app: FastifyInstance,
  config: Config,
  dbHandle: DbHandle,
  auditSave: Parameters<typeof catalogueRoutes>[1]['auditSave'],
  now: () => Date = () => new Date(),
) {
  const { db } = dbHandle;
  const catalogueCache = createAnswerCache({ ttlMs: config.catalogueCacheTtlMs, signal: catalogueChanged });
  app.addHook('onClose', async () => catalogueCache.close());
  const refreshSalePrice = (gameId: number) =>
    // refreshSalePrices declares the ledger's cause and actor itself.
    db.transaction(
      async (tx) => (await refreshSalePrices(tx, [gameId], now(), 'promotion', 'scheduler')).length > 0,
    );
  const catalogue = createCatalogueService(createCatalogueRepository(db), {
    cache: catalogueCache,
    refreshSalePrice,
  });
  await app.register(catalogueRoutes, { service: catalogue, auditSave });
  const promotions = createPromotionsService({ db, now });
  await app.register(priceHistoryRoutes, { db, now });
  await app.register(promotionsAdminRoutes, { service: promotions });
  await app.register(couponsAdminRoutes, { service: createCouponsService({ db, now }) });
  if (config.promotionCheckMs > 0)
    scheduleAppJob(app, {
      name: 'promotion-prices',
      intervalMs: config.promotionCheckMs,
      firstRound: { at: 'start' },
      dbHandle,
      run: () => promotions.applyDue(),
      failed: 'promotion prices round failed',
    });
  return { catalogue, promotions };
}
