import { centsToEuros, eurosToCents } from '@keyland/core/money';
import type { SupplierGamePrice, SupplierStatus, SupplierSyncRun } from '@keyland/core/schemas/supplier';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import type { Actor } from '../admin/index.ts';
import { auditTrail } from '../audit/index.ts';
import { declarePriceChange, refreshSalePrices } from '../pricing/index.ts';
import { type PricingRule, sellingCents } from './pricing.ts';
import type { KeySupplier } from './supplier.port.ts';
import { createSupplierOrdersRepository } from './supplier-orders.repository.ts';
import { createSupplierProductsRepository, type SyncRunRow } from './supplier-products.repository.ts';
import type { SupplierSyncService } from './supplier-sync.service.ts';

export interface SupplierAdminDeps {
  db: Database;
  supplier: KeySupplier;
  sync: SupplierSyncService;
  pricing: PricingRule;
  syncIntervalMs: number;
  log: FastifyBaseLogger;
}

const toRun = (run: SyncRunRow): SupplierSyncRun => ({
  id: run.id,
  trigger: run.trigger,
  status: run.status,
  pages: run.pages,
  seen: run.seen,
  created: run.created,
  updated: run.updated,
  unchanged: run.unchanged,
  delisted: run.delisted,
  error: run.error,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

/** The admin side of the supplier: sync status, on-demand sync, per-game price overrides. */
export function createSupplierAdminService(deps: SupplierAdminDeps) {
  const { db, supplier, sync, pricing } = deps;
  const repository = createSupplierProductsRepository(db);

  async function gamePrice(gameId: number): Promise<SupplierGamePrice> {
    const row = await repository.ofGame(gameId);
    if (!row) throw new AppError('NOT_A_SUPPLIER_GAME', 'This game is not bought from the supplier');
    const rule = sellingCents(row.product.buyCents, pricing);
    return {
      gameId,
      supplierProductId: row.product.supplierProductId,
      listed: row.product.listed,
      quantity: row.product.quantity,
      priceBuy: centsToEuros(row.product.buyCents),
      rulePrice: centsToEuros(rule),
      override: row.product.priceOverrideCents === null ? null : centsToEuros(row.product.priceOverrideCents),
      price: centsToEuros(row.priceCents),
    };
  }

  return {
    async status(): Promise<SupplierStatus> {
      const last = await sync.latestRun();
      return {
        supplier: supplier.kind,
        canSync: supplier.canBuy,
        syncIntervalSeconds: Math.round(deps.syncIntervalMs / 1000),
        // This process's run; a run left 'running' by a stopped instance resumes on the next sync.
        running: sync.running,
        lastRun: last ? toRun(last) : null,
        awaitingOrders: await createSupplierOrdersRepository(db).awaitingCount(),
      };
    },

    /** Starts a sync in the background (audited); its progress shows in `status`. */
    async startSync(actor: Actor): Promise<void> {
      if (!supplier.canBuy)
        throw new AppError('SUPPLIER_DISABLED', 'The embedded supplier has nothing to sync');
      if (sync.running) throw new AppError('SUPPLIER_SYNC_RUNNING', 'A sync is already running');
      await auditTrail(db).record(actor, {
        action: 'supplier.sync',
        targetType: 'supplier',
        targetId: supplier.kind,
      });
      sync
        .run('admin')
        .then((outcome) => {
          if (!outcome.ran) deps.log.info('supplier sync already running in another instance');
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'supplier sync failed'));
    },

    gamePrice,

    /** Sets (or clears, with null) an admin's selling price; the rule applies again when cleared. */
    async setPriceOverride(
      actor: Actor,
      gameId: number,
      priceEuros: number | null,
    ): Promise<SupplierGamePrice> {
      await db.transaction(async (tx) => {
        const repo = createSupplierProductsRepository(tx);
        const row = await repo.ofGame(gameId);
        if (!row) throw new AppError('NOT_A_SUPPLIER_GAME', 'This game is not bought from the supplier');
        const override = priceEuros === null ? null : eurosToCents(priceEuros);
        const price = override ?? sellingCents(row.product.buyCents, pricing);
        const at = new Date();
        await declarePriceChange(tx, 'admin', `admin:${actor.adminId}`, at);
        await repo.setOverride(gameId, override, price);
        await refreshSalePrices(tx, [gameId], at, 'admin', `admin:${actor.adminId}`);
        await auditTrail(tx).record(actor, {
          action: 'product.price_override',
          targetType: 'game',
          targetId: gameId,
          before: { priceOverrideCents: row.product.priceOverrideCents, priceCents: row.priceCents },
          after: { priceOverrideCents: override, priceCents: price },
        });
      });
      catalogueChanged.notify();
      return gamePrice(gameId);
    },
  };
}

export type SupplierAdminService = ReturnType<typeof createSupplierAdminService>;
