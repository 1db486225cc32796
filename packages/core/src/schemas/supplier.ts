import { z } from 'zod';
import { eurosSchema } from './common.ts';

/* The key supplier in the admin area: sync runs and per-game price overrides. Prices in euros. */

export const supplierSyncRunSchema = z
  .object({
    id: z.number().int(),
    trigger: z.enum(['schedule', 'admin']),
    status: z.enum(['running', 'completed', 'failed']),
    pages: z.number().int(),
    seen: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    delisted: z.number().int(),
    error: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'SupplierSyncRun' });

export type SupplierSyncRun = z.infer<typeof supplierSyncRunSchema>;

export const supplierStatusSchema = z
  .object({
    supplier: z.enum(['embedded', 'codeswholesale']),
    /** False with the embedded supplier: there is nothing to sync. */
    canSync: z.boolean(),
    /** Seconds between scheduled syncs; 0 when only on demand. */
    syncIntervalSeconds: z.number().int(),
    running: z.boolean(),
    lastRun: supplierSyncRunSchema.nullable(),
    /** Paid orders still waiting for supplier keys. */
    awaitingOrders: z.number().int(),
  })
  .meta({ id: 'SupplierStatus' });

export type SupplierStatus = z.infer<typeof supplierStatusSchema>;

export const supplierSyncStartedSchema = z.object({ started: z.literal(true) });

export const supplierGamePriceSchema = z
  .object({
    gameId: z.number().int(),
    supplierProductId: z.string(),
    listed: z.boolean(),
    quantity: z.number().int(),
    priceBuy: z.number(),
    /** What the pricing rule gives. */
    rulePrice: z.number(),
    /** The admin's price, or null when the rule applies. */
    override: z.number().nullable(),
    /** The selling price in force. */
    price: z.number(),
  })
  .meta({ id: 'SupplierGamePrice' });

export type SupplierGamePrice = z.infer<typeof supplierGamePriceSchema>;

export const supplierPriceOverrideSchema = z.object({
  /** Selling price with VAT in euros, or null to follow the pricing rule again. */
  price: eurosSchema.min(0.01).max(100_000).nullable(),
});

export type SupplierPriceOverride = z.infer<typeof supplierPriceOverrideSchema>;
