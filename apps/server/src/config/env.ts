import path from 'node:path';
import { z } from 'zod';
import { adapterEnvShape } from './adapter-settings.ts';
import { DEFAULT_DATA_DIR, resolveDataDir } from './data-dir.ts';
import { emptyToUndefined, optionalUrl } from './env-values.ts';
import { type RiskSettings, riskEnvShape, riskSettingsOf } from './risk-settings.ts';
import { type SupportSettings, supportEnvShape, supportSettingsOf } from './support-settings.ts';

export type { RiskSettings };
export { DEFAULT_DATA_DIR, resolveDataDir };

/**
 * Every setting of the server, read and validated once from the environment. The names are part of the
 * contract documented in the README.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Listen with SO_REUSEPORT, so that a new process can take the port over from a running one (cluster). */
  REUSE_PORT: z.enum(['true', 'false']).default('false'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_URL: optionalUrl,
  /** Unset: `<repository>/data` (see DEFAULT_DATA_DIR); relative: from the folder the command was typed in. */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Sessions and rate-limit counters in Redis instead of the database (several instances, busy stores). */
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
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
  /** Keys being rotated away from (comma-separated), still read until `npm run keys:rotate` is done. */
  KEY_ENCRYPTION_KEY_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, 'must be 64 hexadecimal characters, comma-separated')
      .optional(),
  ),
  SEED_ON_EMPTY: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'),
    z.boolean().optional(),
  ),
  /** The outside systems' settings (back office, payments, key supplier, game data): config/adapter-settings.ts. */
  ...adapterEnvShape,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Which peers may tell the client's address in X-Forwarded-For: `loopback` (a proxy on the same
   * machine), `false` (nobody), `true` (anybody: only behind a proxy that overwrites the header) or a
   * comma-separated list of addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F.:/,\s]+$|^(?:true|false|loopback)$/, 'loopback, true, false or addresses/CIDRs')
    .default('loopback'),
  COMPANY_NAME: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  COMPANY_REGISTRY_CODE: z.preprocess(emptyToUndefined, z.string().max(50).optional()),
  COMPANY_VAT_NUMBER: z.preprocess(emptyToUndefined, z.string().max(50).optional()),
  COMPANY_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** How often promotions due to start or end are checked (0: never, for tests that drive the clock). */
  PROMOTION_CHECK_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** Invoice numbering (decision 033): how often it runs, and how old an invoice must be to be numbered. */
  INVOICE_NUMBERING_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  INVOICE_SETTLE_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
  /** Fraud screening (README, "Fraud screening"): config/risk-settings.ts. */
  ...riskEnvShape,
  /** Key claims and support (README, "Key guarantee and support"): config/support-settings.ts. */
  ...supportEnvShape,
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
  /** `automatic` (default): the methods enabled in the Dashboard; `card`: cards only. */
  paymentMethods?: 'automatic' | 'card';
}

export interface CodesWholesaleConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Authenticates the supplier's postbacks (sha256 of client id + signature). */
  clientSignature: string | undefined;
}

export interface SupplierSettings {
  /** Milliseconds between scheduled syncs; 0 when off (always off with the embedded supplier). */
  syncIntervalMs: number;
  /** Selling price = buying price × (1 + margin), rounded up to .99, at least the floor. */
  marginPercent: number;
  floorCents: number;
}

export interface RawgConfig {
  apiKey: string;
  baseUrl: string;
  ratePerSecond: number;
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  host: string;
  port: number;
  reusePort: boolean;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Set: sessions and rate-limit counters live in this Redis; unset: in the database. */
  redisUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  paymentProvider: Env['PAYMENT_PROVIDER'];
  /** Set when PAYMENT_PROVIDER=stripe. */
  stripe: StripeConfig | undefined;
  /** Days the keys of an order paid with a delayed method stay reserved while the payment settles. */
  paymentProcessingHoldDays: number;
  /** Signing secret of the local provider's events; generated into the data folder when unset. */
  localPaymentWebhookSecret: string | undefined;
  backoffice: Env['BACKOFFICE'];
  /** Set when BACKOFFICE=odoo. */
  odoo: OdooConfig | undefined;
  keySupplier: Env['KEY_SUPPLIER'];
  gameData: Env['GAME_DATA'];
  /** Set when KEY_SUPPLIER=codeswholesale. */
  codesWholesale: CodesWholesaleConfig | undefined;
  supplier: SupplierSettings;
  /** Set when GAME_DATA=rawg. */
  rawg: RawgConfig | undefined;
  keyEncryptionKey: string | undefined;
  previousKeyEncryptionKeys: string[];
  /** Load the seed catalogue and demo accounts when the database has no games (embedded default). */
  seedOnEmpty: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Folder of the built web app, served with an index.html fallback; undefined serves no web app. */
  webDistDir: string | undefined;
  /** Fastify's trustProxy: who may set X-Forwarded-For (the per-address limits depend on it). */
  trustProxy: boolean | string;
  /** The seller's legal data printed on invoices (placeholders marked as such when unset). */
  company: CompanyConfig;
  /** Lifetime of cached catalogue answers in this process (0 disables the cache). */
  catalogueCacheTtlMs: number;
  promotionCheckMs: number;
  invoiceNumbering: { intervalMs: number; settleMs: number };
  risk: RiskSettings;
  support: SupportSettings;
}

export interface CompanyConfig {
  name: string;
  registryCode: string;
  vatNumber: string;
  address: string;
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
  if (e.KEY_SUPPLIER === 'codeswholesale') {
    if (!e.CODESWHOLESALE_CLIENT_ID) missing.push('CODESWHOLESALE_CLIENT_ID');
    if (!e.CODESWHOLESALE_CLIENT_SECRET) missing.push('CODESWHOLESALE_CLIENT_SECRET');
  }
  if (e.GAME_DATA === 'rawg' && !e.RAWG_API_KEY) missing.push('RAWG_API_KEY');
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
    reusePort: e.REUSE_PORT === 'true',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: resolveDataDir(env, e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe:
      e.PAYMENT_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
            paymentMethods: e.STRIPE_PAYMENT_METHODS,
          }
        : undefined,
    paymentProcessingHoldDays: e.PAYMENT_PROCESSING_HOLD_DAYS,
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
    codesWholesale:
      e.KEY_SUPPLIER === 'codeswholesale' && e.CODESWHOLESALE_CLIENT_ID && e.CODESWHOLESALE_CLIENT_SECRET
        ? {
            baseUrl: e.CODESWHOLESALE_BASE_URL.replace(/\/$/, ''),
            clientId: e.CODESWHOLESALE_CLIENT_ID,
            clientSecret: e.CODESWHOLESALE_CLIENT_SECRET,
            clientSignature: e.CODESWHOLESALE_CLIENT_SIGNATURE,
          }
        : undefined,
    supplier: {
      syncIntervalMs: e.KEY_SUPPLIER === 'embedded' ? 0 : e.SUPPLIER_SYNC_INTERVAL * 1000,
      marginPercent: e.SUPPLIER_MARGIN_PERCENT,
      floorCents: Math.round(e.SUPPLIER_PRICE_FLOOR * 100),
    },
    rawg:
      e.GAME_DATA === 'rawg' && e.RAWG_API_KEY
        ? {
            apiKey: e.RAWG_API_KEY,
            baseUrl: e.RAWG_BASE_URL.replace(/\/$/, ''),
            ratePerSecond: e.RAWG_RATE_PER_SECOND,
          }
        : undefined,
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY,
    previousKeyEncryptionKeys: e.KEY_ENCRYPTION_KEY_PREVIOUS?.toLowerCase().split(',') ?? [],
    seedOnEmpty: e.SEED_ON_EMPTY ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR === undefined ? defaultWeb : e.WEB_DIST_DIR || undefined,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    company: {
      name: e.COMPANY_NAME ?? 'Keyland (COMPANY_NAME not set)',
      registryCode: e.COMPANY_REGISTRY_CODE ?? '00000000',
      vatNumber: e.COMPANY_VAT_NUMBER ?? 'EE000000000',
      address: e.COMPANY_ADDRESS ?? 'Test street 1, 10111 Tallinn, Estonia',
    },
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    promotionCheckMs: e.PROMOTION_CHECK_MS,
    invoiceNumbering: { intervalMs: e.INVOICE_NUMBERING_MS, settleMs: e.INVOICE_SETTLE_MS },
    risk: riskSettingsOf(e),
    support: supportSettingsOf(e),
  };
}
