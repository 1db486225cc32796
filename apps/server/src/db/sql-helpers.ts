import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Rows per multi-row insert and per `IN (…)` lookup (PostgreSQL allows 65,535 parameters). */
export const BATCH = 2_000;

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** Escapes LIKE wildcards typed by a user. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An integer id column (a link table's two sides). */
type IdColumn = AnyPgColumn<{ data: number; notNull: true }>;

/**
 * The ids a link table pairs with each of `rows` (`owner` → `linked`, such as a promotion's or a coupon's
 * chosen games), read in one query (none for no rows); a row without links answers [].
 */
export async function linkedIds(
  db: Executor,
  link: { table: PgTable; owner: IdColumn; linked: IdColumn },
  rows: readonly { id: number }[],
): Promise<(id: number) => number[]> {
  if (rows.length === 0) return () => [];
  const found = await db
    .select({ owner: link.owner, linked: link.linked })
    .from(link.table)
    .where(
      inArray(
        link.owner,
        rows.map((row) => row.id),
      ),
    );
  const byOwner = Map.groupBy(found, (row) => row.owner);
  return (id) => (byOwner.get(id) ?? []).map((row) => row.linked);
}

/** Replaces the links of `owner = id` in a link table by `rows` (a delete, then one insert when any). */
export async function replaceLinks<Table extends PgTable>(
  db: Executor,
  link: { table: Table; owner: IdColumn },
  id: number,
  rows: PgInsertValue<Table>[],
): Promise<void> {
  await db.delete(link.table).where(eq(link.owner, id));
  if (rows.length > 0) await db.insert(link.table).values(rows);
}

/**
 * Inserts `values` unless a row with the same unique `key` is there already (on conflict do nothing), then
 * reads the row of that key: the new one, or the one inserted before (an idempotent create; two statements).
 */
export async function insertOrGet<
  Table extends PgTable,
  Key extends keyof Table & keyof PgInsertValue<Table>,
>(
  db: Executor,
  table: Table,
  key: Key,
  values: PgInsertValue<Table>,
): Promise<Table['$inferSelect'] | undefined> {
  const column = table[key] as AnyPgColumn;
  await db.insert(table).values(values).onConflictDoNothing({ target: column });
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(column, values[key]))
    .limit(1);
  return row as Table['$inferSelect'] | undefined;
}

/**
 * One page of a back-office list and how many rows the list has in all: `query` (made `$dynamic()`, with
 * the list's order) runs with the page's offset and limit, then `count` (the same rows counted).
 */
export async function pageWithTotal<Query extends PgSelect>(
  query: Query,
  count: PromiseLike<{ n: number }[]>,
  page: { offset: number; limit: number },
) {
  const rows = await query.offset(page.offset).limit(page.limit);
  const [total] = await count;
  return { rows, total: total?.n ?? 0 };
}
