import { z } from 'zod';
import { emptyToUndefined, optionalUrl } from './env-values.ts';

/**
 * The settings of the outside systems behind their ports (README, "Configuration"): the Odoo back office,
 * the payment providers, the CodesWholesale key supplier and RAWG's game data. Read with the rest of the
 * environment by config/env.ts.
 */
export const adapterEnvShape = {
  ODOO_URL: optionalUrl,
  ODOO_DB: z.string().optional(),
  ODOO_USER: z.string().optional(),
  ODOO_PASSWORD: z.string().optional(),
  ODOO_PROTOCOL: z.enum(['jsonrpc', 'json2']).default('jsonrpc'),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url().optional()),
  /**
   * `automatic` (default): the hosted page offers every method enabled in the Stripe Dashboard (cards,
   * wallets, iDEAL | Wero, Bancontact, BLIK, Przelewy24, EPS, SEPA Direct Debit, Klarna…); `card`: cards only.
   */
  STRIPE_PAYMENT_METHODS: z.enum(['automatic', 'card']).default('automatic'),
  /**
   * How many days the keys of an order paid with a delayed method (SEPA Direct Debit, a bank transfer) stay
   * reserved while the payment settles; then they go back on sale.
   */
  PAYMENT_PROCESSING_HOLD_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().max(30).default(14),
  ),
  LOCAL_PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  CODESWHOLESALE_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url().default('https://sandbox.codeswholesale.com'),
  ),
  CODESWHOLESALE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  CODESWHOLESALE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  CODESWHOLESALE_CLIENT_SIGNATURE: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Seconds between two supplier syncs; 0 turns the schedule off. */
  SUPPLIER_SYNC_INTERVAL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(3600)),
  SUPPLIER_MARGIN_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(500).default(25)),
  SUPPLIER_PRICE_FLOOR: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1000).default(0.99)),
  RAWG_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RAWG_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.rawg.io/api')),
  RAWG_RATE_PER_SECOND: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(100).default(4)),
};
