import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { createKeyVault, type KeyVault } from '../../src/lib/key-vault.ts';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';
import { createTestDb } from './test-db.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  dbHandle: DbHandle;
  keyVault: KeyVault;
  close(): Promise<void>;
}

export type TestAppDeps = Pick<
  AppDeps,
  'logStream' | 'backOffice' | 'mailTransport' | 'keySupplier' | 'gameDataSource' | 'redisKeyPrefix'
> & {
  /** A database to build on instead of a fresh one (closed with the app). */
  dbHandle?: DbHandle;
};

/** The local payment provider's webhook secret of the stores `buildStoreWithInbox` builds. */
export const LOCAL_WEBHOOK_SECRET = 'test-local-webhook-secret-0123456789';

/** The whole store built on a fresh database, for `app.inject` tests. Close it in `afterAll`. */
export async function buildTestApp(
  env: Record<string, string> = {},
  deps: TestAppDeps = {},
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
    // Invoices are numbered as soon as their payment commits (the payment-order test sets a margin).
    INVOICE_SETTLE_MS: '0',
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

/**
 * The store built against a stand-in server started for it (an SMTP inbox, a fake provider): closing the
 * store closes the stand-in after it, and a store that cannot be built closes it at once.
 */
export async function buildTestAppBeside(
  standIn: { close(): Promise<void> },
  env: Record<string, string>,
  deps: TestAppDeps = {},
): Promise<TestContext> {
  let ctx: TestContext;
  try {
    ctx = await buildTestApp(env, deps);
  } catch (error) {
    await standIn.close();
    throw error;
  }
  return {
    ...ctx,
    close: async () => {
      await ctx.close();
      await standIn.close();
    },
  };
}

/**
 * The store at `http://store.test`, sending its mail to an SMTP inbox started for it and taking the local
 * provider's events signed with `LOCAL_WEBHOOK_SECRET`; `env` adds settings or overrides these. Closing
 * `ctx` closes the inbox too.
 */
export async function buildStoreWithInbox(
  env: Record<string, string> = {},
  deps: TestAppDeps = {},
): Promise<{ ctx: TestContext; inbox: SmtpInbox }> {
  const inbox = await startSmtpInbox();
  const ctx = await buildTestAppBeside(
    inbox,
    {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'http://store.test',
      LOCAL_PAYMENT_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
      ...env,
    },
    deps,
  );
  return { ctx, inbox };
}
