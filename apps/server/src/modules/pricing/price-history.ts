import { centsToEuros } from '@keyland/core/money';
import { PRICE_HISTORY_DAYS, type PricePoint } from '@keyland/core/pricing';
import type { PriceHistory } from '@keyland/core/schemas/promotions';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createPricingRepository } from './pricing.repository.ts';

const DAY_MS = 86_400_000;

/** Consecutive ledger entries that change neither the selling price nor the sale (a regular price moved under a fixed sale price) are one point. */
function distinctPoints(points: readonly PricePoint[]): PricePoint[] {
  const kept: PricePoint[] = [];
  for (const point of points) {
    const last = kept.at(-1);
    if (
      last &&
      last.priceCents === point.priceCents &&
      (last.promotionId === null) === (point.promotionId === null)
    )
      continue;
    kept.push(point);
  }
  return kept;
}

/**
 * A listed game's selling prices over the last `PRICE_HISTORY_DAYS` days from the price ledger: the price
 * in effect when the window opened, then every change, with the lowest and highest price and, while the
 * game is shown as reduced, the reference price of the sale.
 */
export async function priceHistory(db: Executor, providerId: string, now: Date): Promise<PriceHistory> {
  const repo = createPricingRepository(db);
  const game = await repo.listedGame(providerId);
  if (!game) throw new AppError('NOT_FOUND', 'No such game');
  const from = new Date(now.getTime() - PRICE_HISTORY_DAYS * DAY_MS);
  const ledger = (await repo.ledgerSince([game.id], from)).get(game.id) ?? [];
  const points = distinctPoints(ledger.filter((p) => p.at <= now));
  if (points.length === 0)
    points.push({ at: from, priceCents: game.priceCents, promotionId: game.salePromotionId });
  const prices = points.map((p) => p.priceCents);
  const reduced =
    game.discountPercent !== null && game.discountPercent >= 1 && game.saleReferenceCents !== null;
  return {
    providerId,
    days: PRICE_HISTORY_DAYS,
    points: points.map((p) => ({
      at: p.at.toISOString(),
      price: centsToEuros(p.priceCents),
      onSale: p.promotionId !== null,
    })),
    current: centsToEuros(game.priceCents),
    lowest: centsToEuros(Math.min(...prices)),
    highest: centsToEuros(Math.max(...prices)),
    reference: reduced && game.saleReferenceCents !== null ? centsToEuros(game.saleReferenceCents) : null,
    discountPercent: reduced ? game.discountPercent : null,
    saleEndsAt: reduced ? (game.saleEndsAt?.toISOString() ?? null) : null,
  };
}
