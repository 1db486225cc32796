import { activationOfRegions } from '@keyland/core/activation';
import { platformGroupOf } from '@keyland/core/platforms';
import { slugify } from '@keyland/core/slug';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import type { games } from '../../db/schema/index.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { declarePriceChange, refreshSalePrices } from '../pricing/index.ts';
import { type PricingRule, sellingCents } from './pricing.ts';
import type { KeySupplier, SupplierProduct } from './supplier.port.ts';
import {
  createSupplierProductsRepository,
  type GameChange,
  type SyncRunRow,
} from './supplier-products.repository.ts';

export interface SupplierSyncDeps {
  dbHandle: DbHandle;
  supplier: KeySupplier;
  pricing: PricingRule;
  log?: FastifyBaseLogger;
  /** A failed run younger than this resumes from its cursor instead of starting over. */
  resumeWithinMs?: number;
}

export type SyncOutcome = { ran: true; run: SyncRunRow } | { ran: false };

/** Game columns of a product the store did not sell yet. */
function newGame(p: SupplierProduct, priceCents: number): typeof games.$inferInsert {
  const activation = activationOfRegions(p.regions);
  return {
    activationScope: activation.scope,
    activationCountries: activation.countries,
    providerId: `cw-${p.productId}`.slice(0, 80),
    productId: p.productId,
    identifier: p.identifier,
    title: p.name,
    slug: slugify(p.name),
    platform: p.platform,
    platformGroup: platformGroupOf(p.platform),
    region: p.regions.join(', ') || 'EU',
    languages: p.languages.join(', ') || 'Multilanguage',
    releaseDate: p.releaseDate,
    priceCents,
    priceBuyCents: p.buyCents,
  };
}

/**
 * Imports the supplier's price list: products, buying prices and quantities are upserted page by page,
 * each page in its own transaction together with the run's cursor, so an interrupted run leaves a
 * consistent catalogue and resumes where it stopped. Selling prices follow the pricing rule unless an
 * admin set one. Products the supplier no longer lists are hidden at the end of a complete run. One
 * instance at a time (`withLock('supplier-sync')`).
 */
export function createSupplierSyncService(deps: SupplierSyncDeps) {
  const { dbHandle, supplier, pricing } = deps;
  const { db } = dbHandle;
  const repository = createSupplierProductsRepository(db);
  const resumeWithinMs = deps.resumeWithinMs ?? 24 * 3600_000;
  let running = false;

  async function applyPage(runId: number, items: SupplierProduct[], next: string | null) {
    await db.transaction(async (tx) => {
      const repo = createSupplierProductsRepository(tx);
      const at = new Date();
      await declarePriceChange(tx, 'supplier', 'supplier-sync', at);
      // The same product twice on a page counts once (the last one wins).
      const unique = [...new Map(items.map((p) => [p.productId, p])).values()];
      const known = await repo.known(
        supplier.kind,
        unique.map((p) => p.productId),
      );
      const fresh = unique.filter((p) => !known.has(p.productId));
      const ids = await repo.insertGames(fresh.map((p) => newGame(p, sellingCents(p.buyCents, pricing))));
      await repo.insertProducts(
        fresh.flatMap((p) => {
          const gameId = ids.get(p.productId);
          return gameId === undefined
            ? []
            : [
                {
                  supplier: supplier.kind,
                  supplierProductId: p.productId,
                  gameId,
                  buyCents: p.buyCents,
                  quantity: p.quantity,
                  lastRunId: runId,
                },
              ];
        }),
      );
      const changes: GameChange[] = [];
      let updated = 0;
      const touched: { id: number; buyCents: number; quantity: number }[] = [];
      for (const p of unique) {
        const row = known.get(p.productId);
        if (!row) continue;
        const priceCents = row.priceOverrideCents ?? sellingCents(p.buyCents, pricing);
        const unhide = !row.listed && row.hiddenBySync;
        if (priceCents !== row.priceCents || p.buyCents !== row.buyCents || unhide)
          changes.push({ gameId: row.gameId, priceCents, buyCents: p.buyCents, unhide });
        if (
          priceCents !== row.priceCents ||
          p.buyCents !== row.buyCents ||
          p.quantity !== row.quantity ||
          !row.listed
        )
          updated++;
        touched.push({ id: row.id, buyCents: p.buyCents, quantity: p.quantity });
      }
      await repo.updateGames(changes);
      // New games may fall in a running sale; a new regular price changes what a sale gives.
      await refreshSalePrices(
        tx,
        [...ids.values(), ...changes.map((c) => c.gameId)],
        at,
        'supplier',
        'supplier-sync',
      );
      await repo.touchProducts(touched, runId);
      const run = await repo.latestRun(supplier.kind);
      await repo.updateRun(runId, {
        cursor: next,
        pages: (run?.pages ?? 0) + 1,
        seen: (run?.seen ?? 0) + unique.length,
        created: (run?.created ?? 0) + fresh.length,
        updated: (run?.updated ?? 0) + updated,
        unchanged: (run?.unchanged ?? 0) + (touched.length - updated),
      });
    });
    catalogueChanged.notify();
  }

  async function execute(trigger: 'schedule' | 'admin'): Promise<SyncRunRow> {
    const last = await repository.latestRun(supplier.kind);
    // A run still `running` when we hold the lock was interrupted; a failed one resumes while recent.
    const resumable =
      last &&
      (last.status === 'running' ||
        (last.status === 'failed' &&
          last.cursor !== null &&
          Date.now() - last.startedAt.getTime() < resumeWithinMs));
    const run = resumable ? last : await repository.createRun(supplier.kind, trigger);
    if (resumable) await repository.updateRun(run.id, { status: 'running', error: null });
    let cursor = resumable ? run.cursor : null;
    try {
      do {
        const page = await supplier.listProducts(cursor);
        await applyPage(run.id, page.items, page.next);
        cursor = page.next;
      } while (cursor);
      await db.transaction(async (tx) => {
        const repo = createSupplierProductsRepository(tx);
        const delisted = await repo.delistUnseen(supplier.kind, run.id);
        await repo.updateRun(run.id, { status: 'completed', delisted, cursor: null, finishedAt: new Date() });
      });
      catalogueChanged.notify();
    } catch (error) {
      deps.log?.error({ err: (error as Error).message, runId: run.id }, 'supplier sync failed');
      await repository.updateRun(run.id, {
        status: 'failed',
        error: (error as Error).message.slice(0, 500),
        finishedAt: new Date(),
      });
    }
    const done = await repository.latestRun(supplier.kind);
    if (!done) throw new Error('sync run vanished');
    return done;
  }

  return {
    get running() {
      return running;
    },

    /** Runs (or resumes) a sync unless another one holds the lock. */
    async run(trigger: 'schedule' | 'admin'): Promise<SyncOutcome> {
      if (!supplier.canBuy) return { ran: false };
      running = true;
      try {
        const outcome = await dbHandle.withLock('supplier-sync', () => execute(trigger));
        return outcome.ran ? { ran: true, run: outcome.value } : { ran: false };
      } finally {
        running = false;
      }
    },

    latestRun: () => repository.latestRun(supplier.kind),
  };
}

export type SupplierSyncService = ReturnType<typeof createSupplierSyncService>;
