import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../src/db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated PGlite database (a file), or '' on PostgreSQL runs. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy, or '' on PGlite runs. */
    postgresTemplate: string;
  }
}

/**
 * The integration project's global set-up: one database is created and migrated once, and each test
 * file's fresh database starts as a copy of it (helpers/test-db.ts). On PGlite its data folder is dumped
 * to a file and loaded (about 0.4 s instead of initdb and every migration, about 2 s); on PostgreSQL it
 * is the template of `create database`. Dropped or deleted when the run ends.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `keyland_template_${randomBytes(6).toString('hex')}`;
    await onServer(url, `create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDb({ databaseUrl: target.toString(), poolMax: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    project.provide('postgresTemplate', name);
    return () => onServer(url, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'keyland-pglite-template-'));
  const handle = await openDb({});
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await handle.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** One statement on the test server's maintenance connection (creating or dropping a database). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
