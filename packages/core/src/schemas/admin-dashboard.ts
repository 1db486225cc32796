import { z } from 'zod';

/** The admin dashboard (`/api/admin/dashboard`): sales figures, best sellers, low stock. */

/** Games with fewer available keys than this are listed as low on stock by default. */
export const LOW_STOCK_DEFAULT = 5;

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  lowStock: z.coerce.number().int().min(1).max(10_000).default(LOW_STOCK_DEFAULT),
});

const salesFigures = {
  /** Number of paid orders. */
  sales: z.number().int(),
  /** Sum of paid totals, VAT included (euros). */
  gross: z.number(),
  /** VAT part of the gross (euros). */
  vat: z.number(),
  /** Gross minus VAT (euros). */
  net: z.number(),
};

export const dashboardSchema = z
  .object({
    /** All paid orders. */
    totals: z.object(salesFigures),
    /** The last `days` days (UTC), oldest first, days without sales included as zeros. */
    daily: z.array(z.object({ date: z.string(), ...salesFigures })),
    /** Top 5 games by keys sold in paid orders. */
    bestSellers: z.array(
      z.object({
        gameId: z.number().int(),
        title: z.string(),
        platform: z.string(),
        keysSold: z.number().int(),
        gross: z.number(),
      }),
    ),
    /** Games on sale (not hidden) whose available keys are below `lowStockThreshold`. */
    lowStock: z.array(
      z.object({
        gameId: z.number().int(),
        title: z.string(),
        platform: z.string(),
        available: z.number().int(),
      }),
    ),
    lowStockThreshold: z.number().int(),
    /** What waits for a person: open key claims (and those past CLAIM_RESOLUTION_HOURS), open tickets. */
    attention: z.object({
      openClaims: z.number().int(),
      overdueClaims: z.number().int(),
      openTickets: z.number().int(),
    }),
  })
  .meta({ id: 'AdminDashboard' });

export type Dashboard = z.infer<typeof dashboardSchema>;
