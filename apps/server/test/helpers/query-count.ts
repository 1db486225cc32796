import type { DbHandle } from '../../src/db/client.ts';

/**
 * Counts the SQL statements sent through the handle's Drizzle client (PGlite or the node-postgres pool)
 * while `work` runs. Statements on connections checked out of the pool (transactions, locks) are not
 * counted.
 */
export async function countQueries<T>(
  handle: DbHandle,
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const client = (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let queries = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    queries += 1;
    return query.apply(this, args);
  };
  try {
    const result = await work();
    return { result, queries };
  } finally {
    client.query = query;
  }
}
