import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { games } from './catalogue.ts';

/**
 * A game on a customer's wishlist, with the e-mail alerts the customer chose for it and what the alerts
 * round already told (docs/decisions/035-wishlist-and-alerts.md): a change is told once, never twice.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Tell the customer when the price goes down (to `priceBelowCents` or lower, when set). */
    priceAlert: boolean().notNull().default(false),
    priceBelowCents: integer(),
    /** Tell the customer when the game is back in stock after selling out. */
    stockAlert: boolean().notNull().default(false),
    /**
     * The price the customer knows: the one when the alert was set, the last one told, or the last one the
     * round saw go up. A price drop is a selling price below it.
     */
    priceSeenCents: integer(),
    /** The price ledger's row (`game_price_changes.id`) the round last compared this entry with. */
    priceSeenChangeId: bigint({ mode: 'number' }),
    /** The game had no stock when the round (or the alert's setting) last looked: its return is news. */
    outOfStock: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('wishlist_items_customer_game_idx').on(t.customerId, t.gameId),
    index('wishlist_items_game_idx').on(t.gameId),
    index('wishlist_items_alerts_idx').on(t.customerId).where(sql`${t.priceAlert} or ${t.stockAlert}`),
    check(
      'wishlist_items_price_below_positive',
      sql`${t.priceBelowCents} is null or ${t.priceBelowCents} > 0`,
    ),
  ],
);

/**
 * An alert mail sent to a customer (at most one a day, several games in it), with the hash of the token
 * of its one-click unsubscribe link (the token itself is only in the mail).
 */
export const wishlistAlertMails = pgTable(
  'wishlist_alert_mails',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    /** How many games the mail told about. */
    games: integer().notNull(),
    tokenHash: text().notNull(),
  },
  (t) => [
    uniqueIndex('wishlist_alert_mails_token_idx').on(t.tokenHash),
    index('wishlist_alert_mails_customer_idx').on(t.customerId, t.sentAt),
  ],
);
