import { couponKinds, promotionKinds, promotionScopes } from '@keyland/core/pricing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { games } from './catalogue.ts';
import { orders } from './orders.ts';

/**
 * A sale: a percentage off or a fixed price for chosen games, a platform or the whole catalogue, from
 * `startsAt` to `endsAt` (or until an admin ends it early, `endedEarlyAt`). Overlapping sales never stack:
 * a game gets the lowest of their prices.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    kind: text({ enum: promotionKinds }).notNull(),
    percentOff: integer(),
    fixedPriceCents: integer(),
    scope: text({ enum: promotionScopes }).notNull(),
    platform: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    endedEarlyAt: timestamp({ withTimezone: true }),
    /** When its prices were put on its games (the scheduler applies an active promotion that has none). */
    appliedAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_window_idx').on(t.startsAt, t.endsAt),
    check('promotions_kind_valid', sql`${t.kind} in ('percent', 'fixed_price')`),
    check('promotions_scope_valid', sql`${t.scope} in ('games', 'platform', 'all')`),
    check(
      'promotions_amount_valid',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 90 and ${t.fixedPriceCents} is null) or (${t.kind} = 'fixed_price' and ${t.fixedPriceCents} > 0 and ${t.percentOff} is null)`,
    ),
    check('promotions_window_valid', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The games of a promotion whose scope is `games`. */
export const promotionGames = pgTable(
  'promotion_games',
  {
    promotionId: integer()
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.gameId] }), index('promotion_games_game_idx').on(t.gameId)],
);

export const priceChangeCauses = ['created', 'admin', 'supplier', 'promotion', 'seed', 'system'] as const;

/**
 * The price ledger: every change of a game's selling or regular price, appended by a trigger on `games`
 * (so no code path can skip it) with the cause and actor the writing transaction declared. Append-only: a
 * trigger refuses updates and deletes. Kept for good (a few rows per game and sale).
 */
export const gamePriceChanges = pgTable(
  'game_price_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer().notNull(),
    priceCents: integer().notNull(),
    listPriceCents: integer().notNull(),
    /** The promotion giving `priceCents`, when it is a sale price. */
    promotionId: integer(),
    cause: text({ enum: priceChangeCauses }).notNull(),
    /** Who: an admin's customer id, `supplier-sync`, `scheduler`… */
    actor: text(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('game_price_changes_game_idx').on(t.gameId, t.changedAt)],
);

/**
 * A coupon: a percentage or an amount off a cart's eligible games (all, a platform, chosen games), with a
 * minimum basket, a window, a total use limit and a per-customer limit. Its codes are in `coupon_codes`: one
 * typed by an admin, or a batch of generated single-use codes.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    kind: text({ enum: couponKinds }).notNull(),
    percentOff: integer(),
    amountCents: integer(),
    minBasketCents: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    endedEarlyAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    perCustomer: integer().notNull().default(1),
    /** Generated codes: each code is used once at most. */
    singleUse: boolean().notNull().default(false),
    scope: text({ enum: promotionScopes }).notNull().default('all'),
    platform: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_kind_valid', sql`${t.kind} in ('percent', 'amount')`),
    check('coupons_scope_valid', sql`${t.scope} in ('games', 'platform', 'all')`),
    check(
      'coupons_amount_valid',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 90 and ${t.amountCents} is null) or (${t.kind} = 'amount' and ${t.amountCents} > 0 and ${t.percentOff} is null)`,
    ),
    check(
      'coupons_limits_valid',
      sql`${t.minBasketCents} >= 0 and ${t.perCustomer} >= 1 and (${t.maxUses} is null or ${t.maxUses} >= 1)`,
    ),
    check('coupons_window_valid', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const couponGames = pgTable(
  'coupon_games',
  {
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.gameId] })],
);

/** A coupon's codes, stored in upper case. */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    code: text().notNull(),
  },
  (t) => [uniqueIndex('coupon_codes_code_idx').on(t.code), index('coupon_codes_coupon_idx').on(t.couponId)],
);

/**
 * A use of a coupon: written with the order at checkout, under a lock of the coupon's row, so that limits
 * hold under concurrency. A use counts while its order is not cancelled or expired unpaid.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    codeId: integer()
      .notNull()
      .references(() => couponCodes.id, { onDelete: 'restrict' }),
    customerId: integer(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId),
    index('coupon_redemptions_code_idx').on(t.codeId),
  ],
);
