import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The embedded database's folder inside the data folder (see runtime.ts). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Writes a compressed copy of the embedded database (PGlite's data directory as a tarball) to `file`,
 * through a temporary file renamed at the end, so a failed backup never leaves a truncated file behind.
 * The store must be stopped: an embedded database is opened by one process at a time.
 */
export async function backupEmbedded(pgliteDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0)
    throw new Error(`No embedded database in ${pgliteDir}`);
  const db = new PGlite({ dataDir: pgliteDir, extensions: { pg_trgm, unaccent } });
  try {
    await db.waitReady;
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes, { mode: 0o600 });
    renameSync(partial, file);
    return { bytes: bytes.length };
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup written by `backupEmbedded` into `pgliteDir`, which must be empty or absent (a
 * restore never overwrites a database), and checks that the restored database answers.
 */
export async function restoreEmbedded(file: string, pgliteDir: string): Promise<void> {
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
    throw new Error(`${pgliteDir} already holds a database: restore into an empty data folder`);
  const archive = readFileSync(file);
  mkdirSync(pgliteDir, { recursive: true });
  const db = new PGlite({
    dataDir: pgliteDir,
    loadDataDir: new Blob([archive]),
    extensions: { pg_trgm, unaccent },
  });
  try {
    await db.waitReady;
    await db.query('select count(*) from orders');
  } finally {
    await db.close();
  }
}
