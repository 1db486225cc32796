import { promotionKinds, promotionScopes } from '@keyland/core/pricing';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { games } from './catalogue.ts';

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
