import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('gives safe embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
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
    });
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
});
