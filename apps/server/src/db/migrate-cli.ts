import { ConfigError, loadConfig } from '../config/env.ts';
import { openRuntime } from '../runtime.ts';

/** `npm run db:migrate`: opening the runtime applies the pending migrations. */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = performance.now();
  const runtime = await openRuntime(config);
  await runtime.dbHandle.close();
  const where = runtime.dbHandle.kind === 'pglite' ? 'embedded PGlite database' : 'PostgreSQL database';
  process.stdout.write(`Migrated the ${where} in ${Math.round(performance.now() - started)} ms.\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof ConfigError ? `${message}\n` : `Migration failed: ${message}\n`);
  process.exit(1);
});
