import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from './env.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('loadConfig', () => {
  it('gives safe embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, 'data'),
      paymentProvider: 'local',
      backoffice: 'embedded',
      keySupplier: 'embedded',
      gameData: 'none',
      seedOnEmpty: true,
    });
  });

  it('does not seed a PostgreSQL database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).seedOnEmpty).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', SEED_ON_EMPTY: 'true' }).seedOnEmpty,
    ).toBe(true);
  });

  it('takes a redis:// or rediss:// REDIS_URL, and nothing else', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example:6380/2' }).redisUrl).toBe(
      'rediss://user:pw@cache.example:6380/2',
    );
    for (const bad of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'not a url']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(
        /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
      );
    }
  });

  it('names every bad variable in one message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        PAYMENT_PROVIDER: 'paypal',
        KEY_ENCRYPTION_KEY: 'short',
        DATABASE_URL: 'not a url',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'PAYMENT_PROVIDER', 'KEY_ENCRYPTION_KEY', 'DATABASE_URL'])
        expect(message).toContain(name);
      expect(message).not.toContain('short');
    }
  });

  it('refuses the local test checkout in production and requires the Stripe secrets for Stripe', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY.*\n.*STRIPE_WEBHOOK_SECRET/s,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiBase: 'https://api.stripe.com',
      paymentMethods: 'automatic',
    });
    // Cards only when the shop asks for it; every method enabled in the Dashboard otherwise.
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PAYMENT_METHODS: 'card',
      }).stripe?.paymentMethods,
    ).toBe('card');
  });

  it('requires the Odoo settings when the back office is Odoo', () => {
    expect(() => loadConfig({ BACKOFFICE: 'odoo' })).toThrow(/ODOO_URL.*\n.*ODOO_DB/s);
    const config = loadConfig({
      BACKOFFICE: 'odoo',
      ODOO_URL: 'http://127.0.0.1:8069/',
      ODOO_DB: 'shop',
      ODOO_USER: 'api',
      ODOO_PASSWORD: 'secret',
    });
    expect(config.odoo).toEqual({
      url: 'http://127.0.0.1:8069',
      db: 'shop',
      user: 'api',
      password: 'secret',
      protocol: 'jsonrpc',
    });
  });

  it('keeps the data in <repository>/data when DATA_DIR is unset, whichever folder the process starts in', () => {
    expect(DEFAULT_DATA_DIR).toBe(path.join(REPO_ROOT, 'data'));
    expect(loadConfig({ DATA_DIR: '' }).dataDir).toBe(DEFAULT_DATA_DIR);
    // Each in its own process, started where npm starts the scripts (the root, the server's workspace)
    // and somewhere else altogether; INIT_CWD as npm sets it.
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'keyland-cwd-'));
    try {
      const envModule = pathToFileURL(path.join(import.meta.dirname, 'env.ts')).href;
      const script = `const { loadConfig } = await import(${JSON.stringify(envModule)});
        process.stdout.write(loadConfig({ INIT_CWD: process.cwd() }).dataDir);`;
      for (const cwd of [REPO_ROOT, path.join(REPO_ROOT, 'apps/server'), elsewhere]) {
        const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          cwd,
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        });
        expect(printed, `started in ${cwd}`).toBe(path.join(REPO_ROOT, 'data'));
      }
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('reads a relative DATA_DIR from the folder npm was started in, and takes an absolute one as it is', () => {
    expect(loadConfig({ DATA_DIR: './store-data', INIT_CWD: '/srv/keyland' }).dataDir).toBe(
      path.resolve('/srv/keyland/store-data'),
    );
    expect(loadConfig({ DATA_DIR: 'store-data' }).dataDir).toBe(path.resolve('store-data'));
    expect(loadConfig({ DATA_DIR: '/var/lib/keyland', INIT_CWD: '/srv/keyland' }).dataDir).toBe(
      '/var/lib/keyland',
    );
  });
});
