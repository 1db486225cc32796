import type { SQL } from 'drizzle-orm';
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
