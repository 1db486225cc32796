import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { createKeyVault, type KeyVault } from '../../src/lib/key-vault.ts';
import { createTestDb } from './test-db.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  dbHandle: DbHandle;
  keyVault: KeyVault;
  close(): Promise<void>;
}

/** The whole store built on a fresh database, for `app.inject` tests. Close it in `afterAll`. */
export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Pick<
    AppDeps,
    'logStream' | 'backOffice' | 'mailTransport' | 'keySupplier' | 'gameDataSource' | 'redisKeyPrefix'
  > & {
    /** A database to build on instead of a fresh one (closed with the app). */
    dbHandle?: DbHandle;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keyland-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '',
    // Factories write to the database directly, without signalling catalogue changes.
    CATALOGUE_CACHE_TTL_MS: '0',
    PROMOTION_CHECK_MS: '0',
    ...env,
  });
  const dbHandle = deps.dbHandle ?? (await createTestDb());
  const keyVault = createKeyVault(randomBytes(32).toString('hex'));
  const app = await buildApp(config, { ...deps, dbHandle, keyVault });
  await app.ready();
  return {
    app,
    config,
    dbHandle,
    keyVault,
    close: async () => {
      await app.close();
      await dbHandle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
