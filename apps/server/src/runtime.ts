import path from 'node:path';
import type { Config } from './config/env.ts';
import { type DbHandle, openDb } from './db/client.ts';
import { createKeyVault, type KeyVault, resolveKeyEncryptionKey } from './lib/key-vault.ts';

export interface Runtime {
  dbHandle: DbHandle;
  keyVault: KeyVault;
}

/** Opens the database (PostgreSQL when DATABASE_URL is set, else embedded PGlite), migrates it and loads the key vault. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const embedded = config.databaseUrl === undefined;
  const dbHandle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: embedded ? path.join(config.dataDir, 'pglite') : undefined,
  });
  try {
    await dbHandle.migrate();
    const keyVault = createKeyVault(
      resolveKeyEncryptionKey({
        configured: config.keyEncryptionKey,
        dataDir: config.dataDir,
        allowGenerated: config.nodeEnv !== 'production' || embedded,
      }),
      config.previousKeyEncryptionKeys,
    );
    return { dbHandle, keyVault };
  } catch (error) {
    await dbHandle.close();
    throw error;
  }
}
