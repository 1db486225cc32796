/** Loads the generated demo catalogue (any size) into a database, as the store's own seeding does. */
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { generateCatalogue } from '../../apps/server/src/db/seed/catalogue-data.ts';
import { seedDatabase } from '../../apps/server/src/db/seed/seed.ts';
import { openRuntime } from '../../apps/server/src/runtime.ts';

export async function seedCatalogue(env: Record<string, string>, games: number): Promise<{ keys: number }> {
  const runtime = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    const result = await seedDatabase(runtime, {
      catalogue: generateCatalogue({ count: games }),
      demoAccounts: false,
    });
    return { keys: result.keys };
  } finally {
    await runtime.dbHandle.close();
  }
}
