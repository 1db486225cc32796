import {
  lowestPriorPrice,
  PRICE_REFERENCE_DAYS,
  type PricePoint,
  promotionPriceCents,
} from '@keyland/core/pricing';
import {
  createPricingRepository,
  type GamePriceRow,
  type GameSale,
  type PriceChangeCause,
  type PromotionRow,
  type Transaction,
} from './pricing.repository.ts';

const DAY_MS = 86_400_000;

/** Whether a promotion in force covers a game. */
const covers = (promotion: PromotionRow, game: GamePriceRow): boolean =>
  promotion.scope === 'all' ||
  (promotion.scope === 'platform' && promotion.platform === game.platform) ||
  (promotion.scope === 'games' && promotion.gameIds.includes(game.id));

/**
 * The promotion giving a game its lowest price among those in force (never a stack of them): the lowest
 * price wins, then the one ending last, then the oldest. Undefined when none lowers the regular price.
 */
export function bestPromotion(
  game: GamePriceRow,
  inForce: readonly PromotionRow[],
): { promotion: PromotionRow; priceCents: number } | undefined {
  let best: { promotion: PromotionRow; priceCents: number } | undefined;
  for (const promotion of inForce) {
    if (!covers(promotion, game)) continue;
    const priceCents = promotionPriceCents(game.listPriceCents, promotion);
    if (priceCents >= game.listPriceCents) continue;
    if (
      !best ||
      priceCents < best.priceCents ||
      (priceCents === best.priceCents &&
        (promotion.endsAt > best.promotion.endsAt ||
          (promotion.endsAt.getTime() === best.promotion.endsAt.getTime() &&
            promotion.id < best.promotion.id)))
    )
      best = { promotion, priceCents };
  }
  return best;
}

/** The sale state a game should have at `now`, keeping a running reduction's start and reference. */
function targetSale(
  game: GamePriceRow,
  best: ReturnType<typeof bestPromotion>,
  ledger: readonly PricePoint[] | undefined,
  now: Date,
): GameSale {
  if (!best)
    return {
      priceCents: game.listPriceCents,
      salePromotionId: null,
      saleReferenceCents: null,
      saleStartedAt: null,
      saleEndsAt: null,
    };
  const running = game.salePromotionId !== null && game.saleStartedAt !== null;
  return {
    priceCents: best.priceCents,
    salePromotionId: best.promotion.id,
    // A reduction in steps keeps the reference of its first step.
    saleReferenceCents: running ? game.saleReferenceCents : lowestPriorPrice(ledger ?? [], now),
    saleStartedAt: running ? game.saleStartedAt : now,
    saleEndsAt: best.promotion.endsAt,
  };
}

const sameSale = (game: GamePriceRow, sale: GameSale) =>
  game.priceCents === sale.priceCents &&
  game.salePromotionId === sale.salePromotionId &&
  game.saleReferenceCents === sale.saleReferenceCents &&
  game.saleStartedAt?.getTime() === sale.saleStartedAt?.getTime() &&
  game.saleEndsAt?.getTime() === sale.saleEndsAt?.getTime();

/**
 * Puts on each of the given games the price the promotions in force at `now` give it (its regular price
 * when none does), within the caller's transaction. Each change reaches the price ledger through the
 * database's trigger, with `cause` and `actor`. Answers the ids of the games whose price or sale changed.
 */
export async function refreshSalePrices(
  tx: Transaction,
  gameIds: readonly number[],
  now: Date,
  cause: PriceChangeCause,
  actor: string | null,
): Promise<number[]> {
  if (gameIds.length === 0) return [];
  const repo = createPricingRepository(tx);
  const [rows, inForce] = await Promise.all([repo.gamesById([...new Set(gameIds)]), repo.inForce(now)]);
  const wanted = rows.map((game) => ({ game, best: bestPromotion(game, inForce) }));
  const starting = wanted
    .filter(({ game, best }) => best && game.salePromotionId === null)
    .map(({ game }) => game.id);
  const ledgers = await repo.ledgerSince(starting, new Date(now.getTime() - PRICE_REFERENCE_DAYS * DAY_MS));
  const changed: number[] = [];
  await repo.declarePriceChange(cause, actor, now);
  for (const { game, best } of wanted) {
    const sale = targetSale(game, best, ledgers.get(game.id), now);
    if (sameSale(game, sale)) continue;
    await repo.setSale(game.id, sale);
    changed.push(game.id);
  }
  return changed;
}
