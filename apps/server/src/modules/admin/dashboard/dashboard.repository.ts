import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { rowsOf } from '../../../db/sql-helpers.ts';
import { availableStock } from '../../stock/index.ts';

interface Figures {
  sales: number;
  gross: number;
  vat: number;
}

/** Sums arrive as bigint (text from node-postgres): back to numbers of cents. */
const figures = (row: { sales: number | string; gross: number | string; vat: number | string }): Figures => ({
  sales: Number(row.sales),
  gross: Number(row.gross),
  vat: Number(row.vat),
});

/**
 * What credit notes of parts of an order (refunded key claims) took back from it, as negative cents: a
 * paid order's figures are its totals plus these. Joined per order `o`.
 */
const creditedParts = sql`left join lateral (
  select sum(i.total_cents) as total, sum(i.vat_cents) as vat from invoices i
  where i.order_id = o.id and i.kind = 'credit_note' and i.credit_reference is not null
) c on true`;

/** Sales figures computed from paid orders, and stock figures from the keys. */
export function createDashboardRepository(db: Executor) {
  return {
    async totals(): Promise<Figures> {
      const [row] = await rowsOf<{ sales: number; gross: string; vat: string }>(
        db,
        sql`select count(*)::int as sales,
                   coalesce(sum(o.amount_total_cents + coalesce(c.total, 0)), 0)::bigint as gross,
                   coalesce(sum(o.amount_tax_cents + coalesce(c.vat, 0)), 0)::bigint as vat
            from orders o ${creditedParts}
            where o.status = 'paid'`,
      );
      return row ? figures(row) : { sales: 0, gross: 0, vat: 0 };
    },

    /** One row per UTC day from `today - days + 1` to `today`, days without sales as zeros. */
    async daily(today: string, days: number): Promise<(Figures & { date: string })[]> {
      const rows = await rowsOf<{ date: string; sales: number; gross: string; vat: string }>(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as date, count(o.id)::int as sales,
                   coalesce(sum(o.amount_total_cents + coalesce(c.total, 0)), 0)::bigint as gross,
                   coalesce(sum(o.amount_tax_cents + coalesce(c.vat, 0)), 0)::bigint as vat
            from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') as d(day)
            left join orders o
              on o.status = 'paid' and o.paid_at >= d.day at time zone 'UTC'
             and o.paid_at < (d.day + interval '1 day') at time zone 'UTC'
            ${creditedParts}
            group by d.day
            order by d.day`,
      );
      return rows.map((row) => ({ date: row.date, ...figures(row) }));
    },

    async bestSellers(limit: number) {
      const rows = await rowsOf<{
        game_id: number;
        title: string;
        platform: string;
        keys_sold: number;
        gross: string;
      }>(
        db,
        sql`select l.game_id, g.title, g.platform, sum(l.quantity)::int as keys_sold,
                   sum(l.total_cents)::bigint as gross
            from order_lines l
            join orders o on o.id = l.order_id and o.status = 'paid'
            join games g on g.id = l.game_id
            group by l.game_id, g.title, g.platform
            order by keys_sold desc, l.game_id
            limit ${limit}`,
      );
      return rows.map((r) => ({
        gameId: r.game_id,
        title: r.title,
        platform: r.platform,
        keysSold: r.keys_sold,
        grossCents: Number(r.gross),
      }));
    },

    /** Visible games whose stock (the one definition: the store's keys plus the supplier's) runs low. */
    async lowStock(threshold: number, limit: number) {
      const rows = await rowsOf<{ id: number; title: string; platform: string; available: number }>(
        db,
        sql`select "games".id, "games".title, "games".platform, ${availableStock} as available
            from games "games"
            where "games".hidden = false and ${availableStock} < ${threshold}
            order by available, "games".id
            limit ${limit}`,
      );
      return rows.map((r) => ({
        gameId: r.id,
        title: r.title,
        platform: r.platform,
        available: r.available,
      }));
    },
  };
}
