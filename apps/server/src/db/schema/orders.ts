import { keyAccessActions } from '@keyland/core/key-access';
import { adminOrderStatuses } from '@keyland/core/schemas/admin-orders';
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { games } from './catalogue.ts';

/**
 * `awaiting_keys`: paid, but some keys are not delivered yet (waiting for the key supplier, a pre-order's
 * release day, or a gift's recipient to open it).
 * `refunded`: paid, then the payment was given back (a withdrawal or the provider's refund).
 * `held_for_review`: paid, its score still medium or worse: keys reserved, not shown, until a person decides.
 * `payment_processing`: paid with a delayed method (bank debit, transfer): keys reserved until the
 * provider reports the payment's outcome.
 */
/** The statuses are shared with the back office's schemas (one list; the database check below repeats it). */
export const orderStatuses = adminOrderStatuses;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * An order. While `draft` it is the customer's cart (at most one draft per customer); checkout snapshots
 * prices, VAT and totals and moves it to `pending_payment`; fulfilment makes it `paid`.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    status: text({ enum: orderStatuses }).notNull().default('draft'),
    /** The customer's country and its VAT rate when the order was placed. */
    countryId: integer(),
    vatBasisPoints: integer(),
    amountUntaxedCents: integer().notNull().default(0),
    amountTaxCents: integer().notNull().default(0),
    amountTotalCents: integer().notNull().default(0),
    paymentProvider: text(),
    paymentSessionId: text(),
    /** Counts checkout attempts, so each attempt has its own idempotency key at the provider. */
    checkoutAttempt: integer().notNull().default(0),
    reservedUntil: timestamp({ withTimezone: true }),
    /** The coupon code applied to the cart (draft) or used by the order (`coupon_codes`). */
    couponCodeId: integer(),
    paidAt: timestamp({ withTimezone: true }),
    /** Set when the customer deletes the order from their history; the record stays for accounting. */
    hiddenByCustomer: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('orders_one_draft_per_customer').on(t.customerId).where(sql`${t.status} = 'draft'`),
    uniqueIndex('orders_payment_session_idx').on(t.paymentSessionId),
    index('orders_customer_status_idx').on(t.customerId, t.status),
    check(
      'orders_status_valid',
      sql`${t.status} in ('draft', 'pending_payment', 'paid', 'awaiting_keys', 'cancelled', 'expired', 'refunded', 'held_for_review', 'payment_processing')`,
    ),
    check(
      'orders_totals_consistent',
      sql`${t.amountUntaxedCents} + ${t.amountTaxCents} = ${t.amountTotalCents}`,
    ),
  ],
);

/**
 * The status changes the order state machine allows (modules/orders/order-state.ts), as (from, to) pairs.
 * Filled by migration 0013; the trigger `orders_status_guard` (hand-written there) refuses an insert in any
 * other state than `draft` or `pending_payment` and any status change not listed here.
 */
export const orderStatusTransitions = pgTable(
  'order_status_transitions',
  {
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromStatus, t.toStatus] })],
);

/** A line of an order: one game and a quantity; prices are snapshotted at checkout. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull().default(0),
    /**
     * When a promotion gave the line its price: the game's regular price then and the promotion (the
     * invoice shows the discount per line; the admin's promotion report counts its sales).
     */
    listPriceCents: integer(),
    promotionId: integer(),
    /** A coupon's share of this line (`totalCents` is after it). */
    couponDiscountCents: integer().notNull().default(0),
    netCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    totalCents: integer().notNull().default(0),
    /**
     * The customer confirmed buying a game whose keys do not activate in their account's country (shown
     * the warning when adding it to the cart): when, and the country then. Kept with the order as evidence.
     */
    regionConfirmedAt: timestamp({ withTimezone: true }),
    regionConfirmedCountry: text(),
    /**
     * A pre-order: the game's release date when it was paid for, the day its keys are delivered (null for
     * an ordinary line). Its keys are reserved for it, oldest payment first, as they arrive (decision 038).
     */
    preorderRelease: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_lines_order_game_idx').on(t.orderId, t.gameId),
    // The pre-order lines of a game, found when its keys arrive.
    index('order_lines_preorder_idx').on(t.gameId).where(sql`${t.preorderRelease} is not null`),
    check('order_lines_quantity_range', sql`${t.quantity} between 1 and 10`),
    check('order_lines_totals_consistent', sql`${t.netCents} + ${t.taxCents} = ${t.totalCents}`),
  ],
);

/**
 * The customer's express consent to immediate delivery and acknowledgement of losing the right of
 * withdrawal (Directive 2011/83 art. 16(m)), recorded with the order at checkout.
 */
export const orderConsents = pgTable('order_consents', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer()
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  customerId: integer()
    .notNull()
    .references(() => customers.id, { onDelete: 'restrict' }),
  text: text().notNull(),
  /** The time the customer ticked the box, as their browser reported it. */
  clientTimestamp: text().notNull(),
  recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  termsVersion: text().notNull(),
  ip: text(),
  userAgent: text(),
});

/** Provider events already processed: each event id is acted on once. */
export const paymentEvents = pgTable('payment_events', {
  provider: text().notNull(),
  eventId: text().notNull().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Checkout sessions of the store's own test payment provider (`PAYMENT_PROVIDER=local`). */
export const localPaymentSessions = pgTable('local_payment_sessions', {
  id: text().primaryKey(),
  orderId: integer().notNull(),
  customerEmail: text().notNull(),
  amountTotalCents: integer().notNull(),
  currency: text().notNull().default('eur'),
  lines: text().notNull(),
  status: text({ enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text({ enum: ['paid', 'unpaid'] })
    .notNull()
    .default('unpaid'),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  idempotencyKey: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** The store asked for 3-D Secure on this session (a medium-risk checkout). */
  threeDSecureRequested: boolean().notNull().default(false),
  /** A stand-in for the card's fingerprint (a hash of the test card's number), set when paid or declined. */
  cardFingerprint: text(),
  /** `card` settles at once; `bank_transfer` (a delayed method) completes unpaid and settles later. */
  paymentMethod: text({ enum: ['card', 'bank_transfer'] })
    .notNull()
    .default('card'),
  /** A delayed payment: when its outcome is due, and what it will be (chosen by the test account used). */
  settlesAt: timestamp({ withTimezone: true }),
  settlementOutcome: text({ enum: ['succeeds', 'fails'] }),
});

/** The local provider's record of dispute evidence submitted for a payment (once per dispute). */
export const localDisputeEvidence = pgTable('local_dispute_evidence', {
  disputeId: text().primaryKey(),
  evidence: jsonb().$type<Record<string, unknown>>().notNull(),
  submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The API's list (one list; the database check below repeats it). */
export { keyAccessActions };

/**
 * Every time a customer revealed or copied a delivered key in their history, with the address and browser:
 * the access log sent as evidence when a payment is disputed (the content was supplied and used).
 */
export const keyAccessLog = pgTable(
  'key_access_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    keyId: bigint({ mode: 'number' }).notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    action: text({ enum: keyAccessActions }).notNull(),
    ip: text(),
    userAgent: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('key_access_log_order_idx').on(t.orderId, t.at),
    check('key_access_log_action_valid', sql`${t.action} in ('reveal', 'copy', 'download')`),
  ],
);
