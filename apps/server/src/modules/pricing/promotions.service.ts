import { centsToEuros, eurosToCents } from '@keyland/core/money';
import {
  PROMOTION_MAX_DAYS,
  type Promotion,
  type promotionInputSchema,
} from '@keyland/core/schemas/promotions';
import type { z } from 'zod';
import type { DbHandle } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import type { Actor } from '../admin/index.ts';
import { auditTrail } from '../audit/index.ts';
import {
  discountScope,
  discountStatus,
  discountWindow,
  endDiscount,
  lockScheduled,
  writeScheduledChange,
} from './discount-rules.ts';
import {
  createPricingRepository,
  type NewPromotion,
  type PromotionRow,
  type Transaction,
} from './pricing.repository.ts';
import { refreshSalePrices } from './sale-prices.ts';

type PromotionInput = z.output<typeof promotionInputSchema>;

/** The rules across an input's fields, and its columns; a start in the past means "now". */
function promotionValues(input: PromotionInput, now: Date): NewPromotion & { gameIds: number[] } {
  const window = discountWindow(input, now, 'promotion', PROMOTION_MAX_DAYS);
  if (input.kind === 'percent' && input.percentOff === null)
    throw invalid('percentOff', 'A percentage is required');
  if (input.kind === 'fixed_price' && input.fixedPrice === null)
    throw invalid('fixedPrice', 'A sale price is required');
  return {
    name: input.name,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? input.percentOff : null,
    fixedPriceCents:
      input.kind === 'fixed_price' && input.fixedPrice !== null ? eurosToCents(input.fixedPrice) : null,
    ...discountScope(input),
    ...window,
  };
}

export interface PromotionsDeps {
  db: DbHandle['db'];
  now?: () => Date;
}

/** Sales: an admin plans them; the scheduler starts and ends them on time (docs/decisions/032). */
export function createPromotionsService({ db, now = () => new Date() }: PromotionsDeps) {
  const view = async (rows: PromotionRow[], at: Date): Promise<Promotion[]> => {
    const repo = createPricingRepository(db);
    const ids = rows.map((r) => r.id);
    const [titles, sales, onSale] = await Promise.all([
      repo.titlesOf(rows.flatMap((r) => r.gameIds)),
      repo.salesOf(ids),
      repo.gamesOnSaleCounts(rows.filter((r) => discountStatus(r, at) === 'active').map((r) => r.id)),
    ]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      percentOff: row.percentOff,
      fixedPrice: row.fixedPriceCents === null ? null : centsToEuros(row.fixedPriceCents),
      scope: row.scope,
      platform: row.platform,
      gameIds: row.gameIds,
      gameTitles: row.gameIds.map((id) => titles.get(id) ?? `#${id}`),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      endedEarlyAt: row.endedEarlyAt?.toISOString() ?? null,
      status: discountStatus(row, at),
      gamesOnSale: onSale.get(row.id) ?? 0,
      keysSold: sales.get(row.id)?.keys ?? 0,
      revenue: centsToEuros(sales.get(row.id)?.cents ?? 0),
      createdAt: row.createdAt.toISOString(),
    }));
  };

  const one = async (id: number, at: Date): Promise<Promotion> => {
    const row = await createPricingRepository(db).byId(id);
    if (!row) throw new AppError('NOT_FOUND', 'No such promotion');
    const [promotion] = await view([row], at);
    if (!promotion) throw new AppError('NOT_FOUND', 'No such promotion');
    return promotion;
  };

  const checkGames = async (tx: Transaction, gameIds: readonly number[]) => {
    const found = await createPricingRepository(tx).existingGameIds(gameIds);
    if (found.length !== gameIds.length) throw invalid('gameIds', 'Some of the chosen games do not exist');
  };

  /**
   * Puts the prices of every promotion in force and not yet applied on its games, and takes the price of
   * every lapsed or ended promotion off its games, at `at`. Answers how many games changed price.
   */
  const applyDue = async (tx: Transaction, at: Date, actor: string): Promise<number> => {
    const repo = createPricingRepository(tx);
    const [lapsed, waiting] = await Promise.all([repo.gamesWithLapsedSale(at), repo.waitingToApply(at)]);
    const scoped = await Promise.all(
      waiting.map(async (p) =>
        p.scope === 'games' ? ((await repo.byId(p.id))?.gameIds ?? []) : repo.gamesInScope(p),
      ),
    );
    const changed = await refreshSalePrices(tx, [...lapsed, ...scoped.flat()], at, 'promotion', actor);
    await repo.markApplied(
      waiting.map((p) => p.id),
      at,
    );
    return changed.length;
  };

  return {
    async list(): Promise<Promotion[]> {
      return view(await createPricingRepository(db).list(), now());
    },

    async create(actor: Actor, input: PromotionInput): Promise<Promotion> {
      const at = now();
      const { gameIds, ...values } = promotionValues(input, at);
      const id = await db.transaction(async (tx) => {
        await checkGames(tx, gameIds);
        const created = await createPricingRepository(tx).insert(
          { ...values, createdBy: actor.adminId },
          gameIds,
        );
        await auditTrail(tx).record(actor, {
          action: 'promotion.create',
          targetType: 'promotion',
          targetId: created,
          after: { ...values, gameIds },
        });
        await applyDue(tx, at, `admin:${actor.adminId}`);
        return created;
      });
      catalogueChanged.notify();
      return one(id, at);
    },

    /** Changes a promotion that has not started yet. */
    async update(actor: Actor, id: number, input: PromotionInput): Promise<Promotion> {
      const at = now();
      await db.transaction(async (tx) => {
        const repo = createPricingRepository(tx);
        const row = await lockScheduled('promotion', { rows: repo, id, at });
        const { gameIds, ...values } = promotionValues(input, at);
        await checkGames(tx, gameIds);
        await writeScheduledChange(
          tx,
          actor,
          'promotion',
          { rows: repo, id, before: row },
          { values, gameIds, reset: { appliedAt: null } },
        );
        await applyDue(tx, at, `admin:${actor.adminId}`);
      });
      catalogueChanged.notify();
      return one(id, at);
    },

    /** Ends a promotion now (one not started yet never runs); its games go back to their regular or next-best price. */
    async end(actor: Actor, id: number): Promise<Promotion> {
      const at = now();
      await db.transaction(async (tx) => {
        await endDiscount(tx, actor, 'promotion', { rows: createPricingRepository(tx), id, at });
        await applyDue(tx, at, `admin:${actor.adminId}`);
      });
      catalogueChanged.notify();
      return one(id, at);
    },

    /** One round of the scheduler: starts and ends what is due at `at` (the clock's time by default). */
    async applyDue(at: Date = now()): Promise<number> {
      const changed = await db.transaction((tx) => applyDue(tx, at, 'scheduler'));
      if (changed > 0) catalogueChanged.notify();
      return changed;
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
