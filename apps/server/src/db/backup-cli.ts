import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.ts';
import { backupEmbedded, pgliteDirOf, restoreEmbedded } from './backup.ts';

const USAGE = `Usage: npm run db:backup -- <file>
       npm run db:restore -- <file> [--data-dir <folder>]

Backs up or restores the embedded (PGlite) database of DATA_DIR; stop the store first. A restore goes
into an empty data folder (DATA_DIR, or --data-dir). The key-encryption key is NOT in the backup: keep
KEY_ENCRYPTION_KEY (or $DATA_DIR/secrets) separately and give it to the restored store.
With PostgreSQL (DATABASE_URL) use pg_dump / pg_restore, see the README.
`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
  });
  // npm runs workspace scripts in the workspace folder: paths are read from where the command was typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const file = positionals[0] ? path.resolve(from, positionals[0]) : undefined;
  if (values.help || !file || (command !== 'backup' && command !== 'restore')) {
    process.stdout.write(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl)
    throw new ConfigError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README).');
  if (command === 'backup') {
    const { bytes } = await backupEmbedded(pgliteDirOf(config.dataDir), file);
    process.stdout.write(
      `Backed up the embedded database to ${file} (${bytes} bytes). Keep the key-encryption key separately.\n`,
    );
  } else {
    const dataDir = values['data-dir'] ? path.resolve(from, values['data-dir']) : config.dataDir;
    await restoreEmbedded(file, pgliteDirOf(dataDir));
    process.stdout.write(
      `Restored ${file} into ${dataDir}. Start the store with the same key-encryption key.\n`,
    );
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof ConfigError ? `${message}\n` : `Failed: ${message}\n`);
  process.exit(1);
});
