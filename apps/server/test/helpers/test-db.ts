import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type DbHandle, openDb } from '../../src/db/client.ts';

/** The database kind of this run: PostgreSQL when TEST_DATABASE_URL is set, else embedded PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDbKind = testDatabaseUrl ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file. On PostgreSQL each call creates its own database
 * (dropped on close), so files never see each other's rows; on PGlite it is a new in-memory instance.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (!testDatabaseUrl) {
    const handle = await openDb({});
    await handle.migrate();
    return handle;
  }
  const name = `keyland_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolMax: 5 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Runs raw SQL in a test and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T = Record<string, unknown>>(handle: DbHandle, query: SQL): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Writes rows into a state the store's own paths do not produce (an order awaiting keys without the
 * supplier flow, say): the statements run in one transaction with the database's guards (the order and
 * key state triggers among them) switched off for that transaction only. Test fixtures only.
 */
export async function forgeRows(handle: DbHandle, ...queries: SQL[]): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const query of queries) await tx.execute(query);
  });
}
