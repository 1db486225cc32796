import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { openRuntime } from '../../runtime.ts';
import { createSeedRepository } from './seed.repository.ts';
import {
  DEMO_ACCOUNTS_FILE,
  type DemoAccount,
  recordDemoAccounts,
  seedDatabase,
  seedIfEmpty,
} from './seed.ts';

const USAGE = `Usage: npm run db:seed -- [--force] [--no-accounts]

Loads the demo catalogue and the demo accounts when the database has no games.
  --force        empty the catalogue first (and, by cascade, the orders that reference it), then seed
  --no-accounts  do not create the demo accounts
`;

async function main(): Promise<void> {
  let values: { force: boolean; accounts: boolean; help: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        force: { type: 'boolean', default: false },
        accounts: { type: 'boolean', default: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowNegative: true,
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig();
  if (values.force && config.nodeEnv === 'production') {
    throw new Error('--force is refused when NODE_ENV=production');
  }

  const started = performance.now();
  const runtime = await openRuntime(config);
  try {
    let seeded: boolean;
    let demoAccounts: DemoAccount[] = [];
    if (values.force || !values.accounts) {
      const result = await seedDatabase(runtime, {
        truncate: values.force,
        onlyIfEmpty: !values.force,
        demoAccounts: values.accounts,
      });
      seeded = result.seeded;
      if (values.accounts)
        demoAccounts = await recordDemoAccounts(runtime, config.dataDir, result.demoAccounts);
    } else {
      const result = await seedIfEmpty(runtime, config.dataDir);
      seeded = result.seeded;
      demoAccounts = result.demoAccounts ?? [];
    }

    const totals = await createSeedRepository(runtime.dbHandle.db).countCatalogue();
    const lines = [
      seeded
        ? `Seeded the catalogue in ${Math.round(performance.now() - started)} ms.`
        : 'The catalogue already has games; nothing was seeded (use --force to reseed).',
      `Games: ${totals.games}, keys: ${totals.keys}.`,
    ];
    if (demoAccounts.length > 0) {
      const embedded = config.databaseUrl === undefined;
      lines.push(`Demo accounts (credentials in ${path.join(config.dataDir, DEMO_ACCOUNTS_FILE)}):`);
      for (const account of demoAccounts) {
        lines.push(
          `  ${account.role.padEnd(5)}  ${account.email}${embedded ? `  /  ${account.password}` : ''}`,
        );
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await runtime.dbHandle.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof ConfigError ? `${message}\n` : `Seeding failed: ${message}\n`);
  process.exit(1);
});
