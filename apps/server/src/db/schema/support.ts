import {
  claimOutcomeValues,
  claimReasonValues,
  claimStatusValues,
  ticketStatusValues,
} from '@keyland/core/schemas/support';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { games } from './catalogue.ts';
import { orders } from './orders.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The lists are the API's (one list each; the database checks below repeat them). */
const claimReasons = claimReasonValues;
const claimStatuses = claimStatusValues;
/** How a claim ended: replaced at once by the store, by an admin from stock or from the supplier, refunded, rejected. */
const claimOutcomes = claimOutcomeValues;

/**
 * A customer's report that a delivered key does not work (Digital Content Directive 2019/770: the first
 * remedy is a working replacement). At most one open claim per key; a replaced or refunded claim marks the
 * claimed key `defective`, so it is never sold again.
 */
export const keyClaims = pgTable(
  'key_claims',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Claims go with their order when it is deleted after the retention period. */
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer().notNull(),
    keyId: bigint({ mode: 'number' }).notNull(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reason: text({ enum: claimReasons }).notNull(),
    note: text(),
    screenshot: bytea(),
    screenshotType: text(),
    status: text({ enum: claimStatuses }).notNull().default('open'),
    outcome: text({ enum: claimOutcomes }),
    /** The key delivered in place of the claimed one. */
    replacementKeyId: bigint({ mode: 'number' }),
    refundCents: integer(),
    refundId: text(),
    /** The credit note of a refunded claim. */
    creditNoteId: integer(),
    /** What the customer reads when the claim is rejected. */
    rejectReason: text(),
    resolvedBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    /** `reported`: the supplier's API took the report; `listed`: an admin must report it by hand. */
    supplierReport: text({ enum: ['reported', 'listed'] }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('key_claims_one_open_per_key').on(t.keyId).where(sql`${t.status} = 'open'`),
    index('key_claims_status_idx').on(t.status, t.createdAt),
    index('key_claims_customer_idx').on(t.customerId, t.createdAt),
    index('key_claims_order_idx').on(t.orderId),
    check(
      'key_claims_reason_valid',
      sql`${t.reason} in ('already_used', 'wrong_region', 'wrong_platform', 'invalid_format', 'other')`,
    ),
    check('key_claims_status_valid', sql`${t.status} in ('open', 'replaced', 'refunded', 'rejected')`),
    check('key_claims_resolved', sql`(${t.status} = 'open') = (${t.outcome} is null)`),
  ],
);

const ticketStatuses = ticketStatusValues;

/** A message sent through the contact form: from a customer (maybe about an order) or a visitor. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    lang: text().notNull().default('en'),
    status: text({ enum: ticketStatuses }).notNull().default('open'),
    /** The consent text the sender accepted for processing the message. */
    consentText: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
    index('support_tickets_customer_idx').on(t.customerId),
    check('support_tickets_status_valid', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** The messages of a ticket: the customer's first message, then the staff's replies (sent by e-mail). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text({ enum: ['customer', 'staff'] }).notNull(),
    adminId: integer().references(() => customers.id, { onDelete: 'set null' }),
    body: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.at),
    check('support_messages_author_valid', sql`${t.author} in ('customer', 'staff')`),
  ],
);
