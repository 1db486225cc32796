import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { games } from './catalogue.ts';
import { orderLines, orders } from './orders.ts';

/**
 * A game as the key supplier sells it: its product id there, buying price and quantity from the last sync.
 * `listed` is false once the supplier stopped selling it (the game is then hidden, never deleted);
 * `hiddenBySync` records that the sync, not an admin, hid it, so only such games are shown again.
 */
export const supplierProducts = pgTable(
  'supplier_products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    supplier: text().notNull(),
    supplierProductId: text().notNull(),
    gameId: integer()
      .notNull()
      .unique()
      .references(() => games.id, { onDelete: 'restrict' }),
    buyCents: integer().notNull(),
    quantity: integer().notNull(),
    listed: boolean().notNull().default(true),
    hiddenBySync: boolean().notNull().default(false),
    /** An admin's selling price that the pricing rule never overwrites. */
    priceOverrideCents: integer(),
    lastRunId: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('supplier_products_supplier_product_uq').on(t.supplier, t.supplierProductId),
    check(
      'supplier_products_values_valid',
      sql`${t.buyCents} >= 0 and ${t.quantity} >= 0 and (${t.priceOverrideCents} is null or ${t.priceOverrideCents} > 0)`,
    ),
  ],
);

export const supplierSyncStatuses = ['running', 'completed', 'failed'] as const;

/**
 * One sync of the supplier's price list. Each page commits with the run's `cursor`, so a run that stopped
 * half-way (`running` while nobody holds the lock) resumes from there.
 */
export const supplierSyncRuns = pgTable(
  'supplier_sync_runs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    supplier: text().notNull(),
    trigger: text({ enum: ['schedule', 'admin'] }).notNull(),
    status: text({ enum: supplierSyncStatuses }).notNull().default('running'),
    cursor: text(),
    pages: integer().notNull().default(0),
    seen: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    delisted: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('supplier_sync_runs_status_idx').on(t.status, t.id),
    check('supplier_sync_runs_status_valid', sql`${t.status} in ('running', 'completed', 'failed')`),
  ],
);

export const supplierOrderStatuses = ['pending', 'placed', 'delivered', 'cancelled'] as const;

/**
 * A purchase from the supplier for one order line. `clientOrderId` is the idempotency reference sent to
 * the supplier: the same on every retry, so a line is bought at most once. `pending`: not placed yet
 * (or the attempt failed); `placed`: bought, some keys still to come (pre-order); `delivered`: done;
 * `cancelled`: never placed, its order was closed (withdrawn, refunded) first.
 */
export const supplierOrders = pgTable(
  'supplier_orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderLineId: integer()
      .notNull()
      .unique()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    supplier: text().notNull(),
    clientOrderId: text().notNull().unique(),
    supplierOrderId: text(),
    supplierProductId: text().notNull(),
    quantity: integer().notNull(),
    unitCents: integer().notNull(),
    status: text({ enum: supplierOrderStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('supplier_orders_due_idx').on(t.status, t.nextAttemptAt),
    check(
      'supplier_orders_status_valid',
      sql`${t.status} in ('pending', 'placed', 'delivered', 'cancelled')`,
    ),
  ],
);

/**
 * Game data fetched from the game database for one game (the normalised answer is cached here and copied
 * into the game's detail columns). `status`: `fetched`, `not_found` or `failed` (retried later).
 */
export const gameDataFetches = pgTable(
  'game_data_fetches',
  {
    gameId: integer()
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    sourceRef: text(),
    status: text({ enum: ['fetched', 'not_found', 'failed'] }).notNull(),
    attempts: integer().notNull().default(0),
    payload: jsonb(),
    lastError: text(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('game_data_fetches_status_valid', sql`${t.status} in ('fetched', 'not_found', 'failed')`)],
);
