import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/**
 * Every setting of the server, read and validated once from the environment. The names are part of the
 * contract documented in the README.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Keyland <no-reply@keyland.localhost>'),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  BACKOFFICE: z.enum(['embedded', 'odoo']).default('embedded'),
  KEY_SUPPLIER: z.enum(['embedded', 'codeswholesale']).default('embedded'),
  GAME_DATA: z.enum(['none', 'rawg']).default('none'),
  KEY_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
      .optional(),
  ),
  SEED_ON_EMPTY: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'),
    z.boolean().optional(),
  ),
  ODOO_URL: optionalUrl,
  ODOO_DB: z.string().optional(),
  ODOO_USER: z.string().optional(),
  ODOO_PASSWORD: z.string().optional(),
  ODOO_PROTOCOL: z.enum(['jsonrpc', 'json2']).default('jsonrpc'),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url().optional()),
  LOCAL_PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
});

export type Env = z.infer<typeof envSchema>;

export interface OdooConfig {
  url: string;
  db: string;
  user: string;
  /** A password (JSON-RPC) or an API key (JSON-2). */
  password: string;
  protocol: 'jsonrpc' | 'json2';
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The provider's API origin; a stand-in server in tests. */
  apiBase: string;
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  paymentProvider: Env['PAYMENT_PROVIDER'];
  /** Set when PAYMENT_PROVIDER=stripe. */
  stripe: StripeConfig | undefined;
  /** Signing secret of the local provider's events; generated into the data folder when unset. */
  localPaymentWebhookSecret: string | undefined;
  backoffice: Env['BACKOFFICE'];
  /** Set when BACKOFFICE=odoo. */
  odoo: OdooConfig | undefined;
  keySupplier: Env['KEY_SUPPLIER'];
  gameData: Env['GAME_DATA'];
  keyEncryptionKey: string | undefined;
  /** Load the seed catalogue and demo accounts when the database has no games (embedded default). */
  seedOnEmpty: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Folder of the built web app, served with an index.html fallback; undefined serves no web app. */
  webDistDir: string | undefined;
  /** Lifetime of cached catalogue answers in this process (0 disables the cache). */
  catalogueCacheTtlMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment, naming every bad variable in one clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const missing: string[] = [];
  if (e.BACKOFFICE === 'odoo') {
    if (!e.ODOO_URL) missing.push('ODOO_URL');
    if (!e.ODOO_DB && e.ODOO_PROTOCOL === 'jsonrpc') missing.push('ODOO_DB');
    if (!e.ODOO_USER && e.ODOO_PROTOCOL === 'jsonrpc') missing.push('ODOO_USER');
    if (!e.ODOO_PASSWORD) missing.push('ODOO_PASSWORD');
  }
  if (e.PAYMENT_PROVIDER === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) missing.push('STRIPE_SECRET_KEY');
    if (!e.STRIPE_WEBHOOK_SECRET) missing.push('STRIPE_WEBHOOK_SECRET');
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required by the chosen adapter`).join('\n')}`,
    );
  }
  if (e.PAYMENT_PROVIDER === 'local' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: the local test checkout cannot run with NODE_ENV=production',
    );
  }
  const defaultWeb = path.resolve(import.meta.dirname, '../../../web/dist');
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe:
      e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
          }
        : undefined,
    localPaymentWebhookSecret: e.LOCAL_PAYMENT_WEBHOOK_SECRET,
    backoffice: e.BACKOFFICE,
    odoo:
      e.BACKOFFICE === 'odoo' && e.ODOO_URL && e.ODOO_PASSWORD
        ? {
            url: e.ODOO_URL.replace(/\/$/, ''),
            db: e.ODOO_DB ?? '',
            user: e.ODOO_USER ?? '',
            password: e.ODOO_PASSWORD,
            protocol: e.ODOO_PROTOCOL,
          }
        : undefined,
    keySupplier: e.KEY_SUPPLIER,
    gameData: e.GAME_DATA,
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY,
    seedOnEmpty: e.SEED_ON_EMPTY ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR === undefined ? defaultWeb : e.WEB_DIST_DIR || undefined,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
  };
}
