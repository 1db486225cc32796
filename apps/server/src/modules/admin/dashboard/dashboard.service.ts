import { centsToEuros } from '@keyland/core/money';
import type { Dashboard } from '@keyland/core/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

const BEST_SELLERS = 5;
const LOW_STOCK_LIMIT = 100;

const euros = (f: { sales: number; gross: number; vat: number }) => ({
  sales: f.sales,
  gross: centsToEuros(f.gross),
  vat: centsToEuros(f.vat),
  net: centsToEuros(f.gross - f.vat),
});

/** What waits for a person, counted by the rooms that own it (claims, support). */
export type AttentionCounts = () => Promise<Dashboard['attention']>;

const nothingWaits: AttentionCounts = async () => ({ openClaims: 0, overdueClaims: 0, openTickets: 0 });

/**
 * The dashboard, from real paid orders: net = gross − VAT, both sums of the orders' snapshotted cents less
 * what credit notes of refunded key claims took back.
 */
export function createDashboardService(
  db: Database,
  now: () => Date = () => new Date(),
  attention: AttentionCounts = nothingWaits,
) {
  const repository = createDashboardRepository(db);
  return {
    async dashboard(options: { days: number; lowStock: number }): Promise<Dashboard> {
      const today = now().toISOString().slice(0, 10);
      const [totals, daily, best, low] = [
        await repository.totals(),
        await repository.daily(today, options.days),
        await repository.bestSellers(BEST_SELLERS),
        await repository.lowStock(options.lowStock, LOW_STOCK_LIMIT),
      ];
      return {
        totals: euros(totals),
        daily: daily.map((day) => ({ date: day.date, ...euros(day) })),
        bestSellers: best.map(({ grossCents, ...rest }) => ({ ...rest, gross: centsToEuros(grossCents) })),
        lowStock: low,
        lowStockThreshold: options.lowStock,
        attention: await attention(),
      };
    },
  };
}
