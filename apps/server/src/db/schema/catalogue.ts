import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export interface GameVideo {
  url: string;
  title: string;
}

/** One line of a game's rating breakdown (RAWG style: 'exceptional', 'recommended', …). */
export interface GameRating {
  title: string;
  count: number;
  percent: number;
}

export const activationScopes = ['eu', 'worldwide', 'countries'] as const;

/** A game of the catalogue. Money in integer euro cents; the selling price includes VAT. */
export const games = pgTable(
  'games',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    providerId: text().notNull().unique(),
    productId: text().notNull().unique(),
    identifier: text().notNull(),
    title: text().notNull(),
    slug: text().notNull(),
    platform: text().notNull(),
    platformGroup: text().notNull(),
    region: text().notNull().default('EU'),
    /**
     * Where the keys activate: `eu` (the whole EU/EEA), `worldwide`, or `countries` (only the ISO codes of
     * `activationCountries`). The cart warns a customer whose account country is outside it.
     */
    activationScope: text({ enum: activationScopes }).notNull().default('eu'),
    activationCountries: jsonb().$type<string[]>().notNull().default([]),
    languages: text().notNull().default('Multilanguage'),
    releaseDate: date({ mode: 'string' }),
    /**
     * An admin lets customers pre-order the game: while its release date is in the future (Tallinn's
     * day), it is paid now and its keys are delivered on that day (modules/preorders, decision 038).
     */
    preorderAllowed: boolean().notNull().default(false),
    /**
     * Selling price now, VAT included, the same for every customer: the regular price, or a promotion's
     * lower price while one runs (written only by the pricing module; every change lands in the price
     * ledger `game_price_changes` through a trigger).
     */
    priceCents: integer().notNull(),
    /**
     * The regular price set by an admin or the supplier's pricing rule. A trigger keeps `priceCents` equal to
     * it while no promotion lowers the game; it starts equal to `priceCents` when a game is created.
     */
    listPriceCents: integer().notNull().default(0),
    /** The promotion lowering the price now, when one does. */
    salePromotionId: integer(),
    /** While on sale: the lowest price of the 30 days before the reduction started (fixed for its run). */
    saleReferenceCents: integer(),
    saleStartedAt: timestamp({ withTimezone: true }),
    saleEndsAt: timestamp({ withTimezone: true }),
    /** Percent off the reference, rounded down; null when not shown as reduced. */
    discountPercent: integer().generatedAlwaysAs(
      sql`case when sale_reference_cents > price_cents and sale_promotion_id is not null then ((sale_reference_cents - price_cents) * 100 / sale_reference_cents) end`,
    ),
    /** Wholesale buying price: a business secret shown to admins only. */
    priceBuyCents: integer().notNull().default(0),
    coverUrl: text(),
    coverBUrl: text(),
    backgroundImage: text(),
    backgroundImageAdditional: text(),
    description: text(),
    categories: jsonb().$type<string[]>().notNull().default([]),
    genres: jsonb().$type<string[]>().notNull().default([]),
    tags: jsonb().$type<string[]>().notNull().default([]),
    developers: jsonb().$type<string[]>().notNull().default([]),
    publishers: jsonb().$type<string[]>().notNull().default([]),
    photos: jsonb().$type<string[]>().notNull().default([]),
    videos: jsonb().$type<GameVideo[]>().notNull().default([]),
    /** Every platform the game exists on (the key itself is for `platform`). */
    platforms: jsonb().$type<string[]>().notNull().default([]),
    /** Stores that sell the game (RAWG `stores`). */
    stores: jsonb().$type<string[]>().notNull().default([]),
    ratings: jsonb().$type<GameRating[]>().notNull().default([]),
    minimumRequirements: text(),
    website: text(),
    /** Where the descriptive details came from (`rawg`), for the attribution its terms require. */
    detailsSource: text(),
    rating: real().notNull().default(0),
    ratingsCount: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  /*
   * The name search also uses `games_title_trgm_idx`, a GIN trigram index on
   * `keyland_unaccent(lower(title))`, created in the custom migration 0004_catalogue_search.sql (an
   * expression over our own IMMUTABLE wrapper of unaccent, which drizzle-kit cannot describe).
   */
  (t) => [
    index('games_platform_idx').on(t.platform),
    index('games_price_idx').on(t.priceCents),
    // The listed catalogue (not hidden, priced) in its stable order, by price and by platform.
    index('games_listed_id_idx').on(t.id).where(sql`${t.hidden} = false and ${t.priceCents} > 0`),
    index('games_listed_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.hidden} = false and ${t.priceCents} > 0`),
    index('games_listed_platform_idx')
      .on(t.platform, t.id)
      .where(sql`${t.hidden} = false and ${t.priceCents} > 0`),
    index('games_on_sale_idx')
      .on(t.discountPercent.desc(), t.id)
      .where(sql`${t.hidden} = false and ${t.priceCents} > 0 and ${t.discountPercent} >= 1`),
    index('games_release_date_idx').on(t.releaseDate.desc().nullsLast(), t.id),
    check('games_activation_scope_valid', sql`${t.activationScope} in ('eu', 'worldwide', 'countries')`),
    check('games_price_nonnegative', sql`${t.priceCents} >= 0 and ${t.priceBuyCents} >= 0`),
  ],
);

/**
 * `revoked`: taken back from a cancelled (suspected-fraud) order; `defective`: claimed by its buyer as not
 * working and replaced or refunded. Neither is ever sold again.
 */
export const keyStatuses = ['available', 'reserved', 'sold', 'revoked', 'defective'] as const;
export type KeyStatus = (typeof keyStatuses)[number];

/** One activation key. The code is encrypted at rest (AES-256-GCM); the fingerprint keeps codes unique. */
export const gameKeys = pgTable(
  'game_keys',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    codeCiphertext: text().notNull(),
    codeFingerprint: text().notNull().unique(),
    status: text({ enum: keyStatuses }).notNull().default('available'),
    reservedUntil: timestamp({ withTimezone: true }),
    /** The order holding (reserved) or owning (sold) the key, and its line. */
    orderId: integer(),
    orderLineId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('game_keys_game_status_idx').on(t.gameId, t.status),
    // Stock is counted from available keys on every catalogue read: a small index-only path.
    index('game_keys_available_idx').on(t.gameId).where(sql`${t.status} = 'available'`),
    index('game_keys_order_idx').on(t.orderId),
    check(
      'game_keys_owner_consistent',
      sql`(${t.status} = 'available' and ${t.orderId} is null) or (${t.status} <> 'available' and ${t.orderId} is not null)`,
    ),
    check(
      'game_keys_status_valid',
      sql`${t.status} in ('available', 'reserved', 'sold', 'revoked', 'defective')`,
    ),
  ],
);
