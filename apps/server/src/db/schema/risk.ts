import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { orders } from './orders.ts';

export const riskStages = ['checkout', 'payment'] as const;
export type RiskStage = (typeof riskStages)[number];
export const riskTiers = ['low', 'medium', 'high'] as const;
export type RiskTier = (typeof riskTiers)[number];

/**
 * The fraud score of a checkout, taken when it starts (`checkout`) and again when its payment is confirmed
 * (`payment`), with the signals it was computed from and the reasons in words. A checkout refused before any
 * charge keeps its row without an order; every row counts towards the velocity limits.
 */
export const orderRiskAssessments = pgTable(
  'order_risk_assessments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    stage: text({ enum: riskStages }).notNull(),
    score: integer().notNull(),
    tier: text({ enum: riskTiers }).notNull(),
    /** The recorded signals (see modules/risk/risk.score.ts `RiskSignals`). */
    signals: jsonb().notNull(),
    /** `[{ code, points }]`, the signals that counted. */
    reasons: jsonb().notNull(),
    ip: text(),
    /** The card's fingerprint as the provider reports it (payment stage only). */
    cardFingerprint: text(),
    /** The provider was asked for 3-D Secure on this checkout. */
    threeDSecureRequested: boolean().notNull().default(false),
    assessedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_risk_order_idx').on(t.orderId),
    index('order_risk_customer_idx').on(t.customerId, t.assessedAt),
    index('order_risk_ip_idx').on(t.ip, t.assessedAt),
    index('order_risk_card_idx').on(t.cardFingerprint, t.assessedAt),
    check('order_risk_score_range', sql`${t.score} >= 0`),
  ],
);

/** A payment the provider refused or that failed later (a delayed method), for the velocity limits. */
export const paymentFailures = pgTable(
  'payment_failures',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ip: text(),
    cardFingerprint: text(),
    reason: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_failures_customer_idx').on(t.customerId, t.at),
    index('payment_failures_ip_idx').on(t.ip, t.at),
    index('payment_failures_card_idx').on(t.cardFingerprint, t.at),
  ],
);
