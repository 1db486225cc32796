import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbHandle } from '../../src/db/client.ts';

const context = new AsyncLocalStorage<symbol>();

/**
 * Counts the SQL statements `work` sends through the handle's Drizzle client (PGlite or the node-postgres
 * pool), told apart from those of background work by their async context. Statements on connections
 * checked out of the pool (transactions, locks) are not counted.
 */
export async function countQueries<T>(
  handle: DbHandle,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const client = (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let queries = 0;
  // Only the queries `work` sends: not those of a scheduled round or a mail sent meanwhile.
  const mine = Symbol('counted work');
  client.query = function counted(this: unknown, ...args: unknown[]) {
    if (context.getStore() === mine) queries += 1;
    return query.apply(this, args);
  };
  try {
    const result = await context.run(mine, work);
    return { result, queries };
  } finally {
    client.query = query;
  }
}
