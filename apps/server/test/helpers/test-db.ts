import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import { onServer } from './template-database.ts';

/** The database kind of this run: PostgreSQL when TEST_DATABASE_URL is set, else embedded PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDbKind = testDatabaseUrl ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file. On PostgreSQL each call creates its own database
 * (dropped on close), so files never see each other's rows; on PGlite it is a new in-memory instance,
 * loaded from the migrated database the global set-up dumped (helpers/template-database.ts) when there is
 * one. Migrations run on it all the same: on the dump they find nothing left to do.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (!testDatabaseUrl) {
    const template = inject('pgliteTemplate');
    const handle = await openDb(template ? { pgliteLoadDataDir: new Blob([readFileSync(template)]) } : {});
    await handle.migrate();
    return handle;
  }
  const name = `keyland_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await onServer(testDatabaseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolMax: 5 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(testDatabaseUrl, `drop database if exists ${name} with (force)`);
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
