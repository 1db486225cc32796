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
    languages: text().notNull().default('Multilanguage'),
    releaseDate: date({ mode: 'string' }),
    /** Selling price, VAT included, the same for every customer. */
    priceCents: integer().notNull(),
    /** Wholesale buying price: a business secret shown to admins only. */
    priceBuyCents: integer().notNull().default(0),
    coverUrl: text(),
    coverBUrl: text(),
    description: text(),
    categories: jsonb().$type<string[]>().notNull().default([]),
    genres: jsonb().$type<string[]>().notNull().default([]),
    tags: jsonb().$type<string[]>().notNull().default([]),
    developers: jsonb().$type<string[]>().notNull().default([]),
    publishers: jsonb().$type<string[]>().notNull().default([]),
    photos: jsonb().$type<string[]>().notNull().default([]),
    videos: jsonb().$type<GameVideo[]>().notNull().default([]),
    minimumRequirements: text(),
    website: text(),
    rating: real().notNull().default(0),
    ratingsCount: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('games_platform_idx').on(t.platform),
    index('games_price_idx').on(t.priceCents),
    check('games_price_nonnegative', sql`${t.priceCents} >= 0 and ${t.priceBuyCents} >= 0`),
  ],
);

export const keyStatuses = ['available', 'reserved', 'sold'] as const;
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('game_keys_game_status_idx').on(t.gameId, t.status),
    check('game_keys_status_valid', sql`${t.status} in ('available', 'reserved', 'sold')`),
  ],
);
