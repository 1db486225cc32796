import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type used by repositories, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` only if no other holder (in this process or, on PostgreSQL, in any instance sharing the
   * database) holds the lock `name`; otherwise answers `{ ran: false }` at once. Scheduled jobs use it so
   * that one instance runs each. On PostgreSQL it is a session advisory lock on a dedicated connection.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<LockOutcome<T>>;
  close(): Promise<void>;
}

export type LockOutcome<T> = { ran: true; value: T } | { ran: false };

/** Locks held by this process: PGlite is one process's database, so an in-process lock is the whole story. */
function createProcessLocks() {
  const held = new Set<string>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<LockOutcome<T>> => {
    if (held.has(name)) return { ran: false };
    held.add(name);
    try {
      return { ran: true, value: await fn() };
    } finally {
      held.delete(name);
    }
  };
}

/**
 * A client checked out of `pool` (by `pool.connect()`, as drizzle's transactions do) goes back to the pool,
 * marked broken, as soon as its connection ends, and its owner's own `release()` after that does nothing.
 * drizzle-orm's node-postgres `transaction()` runs BEGIN before the try/finally that releases the client
 * (drizzle-orm#6241, open in 0.45): a connection dropped between checkout and BEGIN would otherwise keep
 * its pool slot for the life of the process, and a few of them leave every request waiting on the pool.
 */
function releaseWhenConnectionEnds(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const guarded = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    const release = client.release;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      release(error);
    };
    const onEnd = () => releaseOnce(new Error('the connection to the database ended'));
    client.once('end', onEnd);
    client.release = releaseOnce;
    return client;
  };
  // pool.query() checks out with a callback and releases on the connection's error itself.
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) =>
    callback ? connect(callback) : guarded()) as pg.Pool['connect'];
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenDbOptions {
  /** A PostgreSQL connection string; without it an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the embedded database in memory. */
  pgliteDataDir?: string | undefined;
  /** A PGlite data-directory dump to start from (fast fresh databases in tests). */
  pgliteLoadDataDir?: Blob | undefined;
  poolMax?: number;
}

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor may a checked-out one (the pool listens only while a client is idle): its next query fails
    // instead, the request answers 503, and the pool discards the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    releaseWhenConnectionEnds(pool);
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    // Session advisory locks hold a connection while their job runs, and the job's own queries need
    // others: the locks get a small pool of their own, so that jobs never starve requests (or each other)
    // of the main pool's connections.
    const lockPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 4,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    lockPool.on('error', () => {});
    lockPool.on('connect', (client) => client.on('error', () => {}));
    const processLock = createProcessLocks();
    return {
      db,
      kind: 'postgres',
      withLock: (name, fn) =>
        processLock(name, async () => {
          const client = await lockPool.connect();
          let locked = false;
          let broken = false;
          try {
            const result = await client.query<{ locked: boolean }>(
              'select pg_try_advisory_lock(hashtext($1)) as locked',
              [`keyland:${name}`],
            );
            locked = result.rows[0]?.locked === true;
            if (!locked) return { ran: false as const };
            return { ran: true as const, value: await fn() };
          } finally {
            if (locked)
              await client.query('select pg_advisory_unlock(hashtext($1))', [`keyland:${name}`]).catch(() => {
                // Not unlocked: dropping the connection ends its session, and the lock with it.
                broken = true;
              });
            client.release(broken);
          }
        }).then((outcome) => (outcome.ran ? outcome.value : outcome)),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
      close: async () => {
        await Promise.all([pool.end(), lockPool.end()]);
      },
    };
  }

  if (options.pgliteDataDir) mkdirSync(options.pgliteDataDir, { recursive: true });
  const client = new PGlite({
    ...(options.pgliteDataDir ? { dataDir: options.pgliteDataDir } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    withLock: createProcessLocks(),
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
