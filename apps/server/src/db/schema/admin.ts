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
 * The admin audit trail: one row per admin action, written in the same transaction as the change it
 * describes. The application only ever inserts and reads it; no route edits or deletes a row, and the
 * trigger `admin_audit_append_only` (hand-written in migration 0006_admin.sql) refuses UPDATE and DELETE.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The admin who acted; null for a system entry (see `actor`). */
    adminId: integer().references(() => customers.id, { onDelete: 'restrict' }),
    /**
     * `admin` for an admin's action; `payment_provider` for what the store did on the payment provider's
     * events (a refund or dispute made outside the back office); `system` for what a scheduled job decided
     * (a held order nobody reviewed in time, cancelled and refunded).
     */
    actor: text({ enum: ['admin', 'payment_provider', 'system'] })
      .notNull()
      .default('admin'),
    /** What was done: `product.create`, `keys.import`, `key.reveal`, `order.cancel`, `customer.suspend`… */
    action: text().notNull(),
    /** What it was done to: `game`, `game_key`, `order`, `customer`. */
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at.desc(), t.id.desc()),
    index('admin_audit_target_idx').on(t.targetType, t.targetId),
    check(
      'admin_audit_actor_valid',
      sql`(${t.actor} = 'admin' and ${t.adminId} is not null) or (${t.actor} in ('payment_provider', 'system') and ${t.adminId} is null)`,
    ),
  ],
);

/**
 * An order cancelled by an admin (suspected fraud): who, why, the refund at the payment provider and what
 * happened to the keys. One per order.
 */
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    adminId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    reason: text().notNull(),
    refundId: text().notNull(),
    refundedCents: integer().notNull(),
    keysRevoked: integer().notNull(),
    /**
     * Keys the customer had already received (on the success page, in the order e-mail or in the history)
     * before they were revoked here: revoked in our records, but possibly redeemed already.
     */
    keysAlreadyDelivered: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_cancellations_order_idx').on(t.orderId),
    check('order_cancellations_refund_nonnegative', sql`${t.refundedCents} >= 0`),
  ],
);

/** Refunds made by the store's own test payment provider (`PAYMENT_PROVIDER=local`). */
export const localPaymentRefunds = pgTable('local_payment_refunds', {
  id: text().primaryKey(),
  sessionId: text().notNull(),
  amountCents: integer().notNull(),
  idempotencyKey: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
