import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/** A login session. Only the SHA-256 of the cookie's token is stored, so a database leak reveals no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle expiry is computed from lastSeenAt. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const authTokenPurposes = ['reset_password', 'verify_email'] as const;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];

/** Single-use tokens sent by e-mail (password reset, e-mail verification), stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text({ enum: authTokenPurposes }).notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_tokens_customer_idx').on(t.customerId, t.purpose),
    check('auth_tokens_purpose_valid', sql`${t.purpose} in ('reset_password', 'verify_email')`),
  ],
);

/** Fixed-window counters for rate limits, shared by every server instance through the database. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_counters_expires_idx').on(t.expiresAt),
  ],
);
