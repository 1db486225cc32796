import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * Refunds the payment provider reported for an order (`charge.refunded`), whether made from the back office
 * (a fraud cancellation) or directly at the provider. One row per provider refund id.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text().notNull(),
    providerRefundId: text().notNull(),
    amountCents: integer().notNull(),
    /** When the provider made the refund. */
    refundedAt: timestamp({ withTimezone: true }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
    index('order_refunds_order_idx').on(t.orderId),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const disputeStatuses = ['open', 'won', 'lost'] as const;

/** A chargeback the customer's bank opened on an order's payment, and how it ended. */
export const orderDisputes = pgTable(
  'order_disputes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text().notNull(),
    providerDisputeId: text().notNull(),
    status: text({ enum: disputeStatuses }).notNull(),
    /** The provider's own status and reason, as reported (`needs_response`, `fraudulent`…). */
    providerStatus: text().notNull(),
    reason: text(),
    amountCents: integer().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    /** The provider's deadline for evidence. */
    evidenceDueBy: timestamp({ withTimezone: true }),
    /** When the store's evidence was submitted (once per dispute), and what it said. */
    evidenceSubmittedAt: timestamp({ withTimezone: true }),
    evidence: jsonb().$type<Record<string, unknown>>(),
    /** Why the last submission attempt failed (retried until it succeeds or the deadline passes). */
    evidenceError: text(),
  },
  (t) => [
    uniqueIndex('order_disputes_provider_dispute_idx').on(t.provider, t.providerDisputeId),
    index('order_disputes_order_idx').on(t.orderId),
    check('order_disputes_status_valid', sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

/**
 * An admin's TOTP second factor. The secret is encrypted with the key vault; `enabledAt` is set once a
 * first valid code confirmed the enrolment; `lastStep` is the time step of the last accepted code, so a
 * code is accepted once only.
 */
export const adminTotp = pgTable('admin_totp', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  secretCiphertext: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A login waiting for its second factor: the password was right, the session is created only after a
 * valid code. Only the SHA-256 of the token handed to the browser is stored.
 */
export const adminLoginChallenges = pgTable(
  'admin_login_challenges',
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('admin_login_challenges_customer_idx').on(t.customerId)],
);
