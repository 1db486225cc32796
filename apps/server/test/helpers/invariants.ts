import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { queryRows } from './test-db.ts';

/**
 * The database rules that must hold whatever happened: every sold key belongs to exactly one paid order
 * line, reserved keys belong to open payment sessions (or to paid pre-orders waiting for their release, or
 * paid gifts waiting to be opened), no line holds more keys than its quantity,
 * order totals equal the sum of their lines, the numbered invoices and credit notes of each year run
 * 1, 2, 3… without a gap.
 */
export async function expectInvariants(handle: DbHandle): Promise<void> {
  const soldOutsidePaid = await queryRows(
    handle,
    sql`select k.id from game_keys k left join order_lines l on l.id = k.order_line_id left join orders o on o.id = l.order_id
        where k.status = 'sold' and (l.id is null or o.status not in ('paid', 'awaiting_keys') or l.order_id <> k.order_id)`,
  );
  expect(soldOutsidePaid).toEqual([]);
  // A paid pre-order waiting for its release day holds its keys too (decision 038), and so does a paid
  // gift until its recipient opens it (decision 039).
  const reservedOutsidePending = await queryRows(
    handle,
    sql`select k.id from game_keys k join orders o on o.id = k.order_id left join order_lines l on l.id = k.order_line_id
        where k.status = 'reserved' and o.status <> 'pending_payment'
        and not (o.status = 'awaiting_keys'
          and (l.preorder_release is not null or exists (select 1 from gifts g where g.order_id = o.id)))`,
  );
  expect(reservedOutsidePending).toEqual([]);
  const badTotals = await queryRows(
    handle,
    sql`select o.id from orders o join order_lines l on l.order_id = o.id where o.status <> 'draft'
        group by o.id having sum(l.total_cents) <> max(o.amount_total_cents)`,
  );
  expect(badTotals).toEqual([]);
  const wrongKeyCount = await queryRows(
    handle,
    sql`select l.id from order_lines l join orders o on o.id = l.order_id where o.status = 'paid'
        and (select count(*) from game_keys k where k.order_line_id = l.id and k.status = 'sold') <> l.quantity`,
  );
  expect(wrongKeyCount).toEqual([]);
  // No line holds more keys than it was paid for (a pre-order served by stock and the supplier at once).
  const overfilled = await queryRows(
    handle,
    sql`select l.id from order_lines l where (select count(*) from game_keys k
        where k.order_line_id = l.id and k.status in ('reserved', 'sold')) > l.quantity`,
  );
  expect(overfilled).toEqual([]);
  const numberGaps = await queryRows(
    handle,
    sql`select kind, year from invoices where number is not null group by kind, year
        having count(*) <> max(sequence) or min(sequence) <> 1`,
  );
  expect(numberGaps).toEqual([]);
}
