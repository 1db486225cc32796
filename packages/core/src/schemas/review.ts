import { z } from 'zod';

/** The fraud-review room of the back office: orders held after payment, their scores and disputes. */

export const riskTierValues = ['low', 'medium', 'high'] as const;

export { type RiskReasonCode, riskReasonCodes } from '../risk-reasons.ts';

export const riskReasonSchema = z
  .object({
    /** A reason code (`new_account`, `provider_elevated`…), put into words by the admin screen. */
    code: z.string(),
    points: z.number().int(),
  })
  .meta({ id: 'RiskReason' });

export const riskAssessmentSchema = z
  .object({
    stage: z.enum(['checkout', 'payment']),
    score: z.number().int(),
    tier: z.enum(riskTierValues),
    reasons: z.array(riskReasonSchema),
    /** The signals the score was computed from, as recorded. */
    signals: z.record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()])),
    threeDSecureRequested: z.boolean(),
    assessedAt: z.string(),
  })
  .meta({ id: 'RiskAssessment' });

export const orderRiskSchema = z
  .object({ orderId: z.number().int(), assessments: z.array(riskAssessmentSchema) })
  .meta({ id: 'OrderRisk' });

export const heldOrderSchema = z
  .object({
    id: z.number().int(),
    total: z.number(),
    paidAt: z.string(),
    /** Not reviewed by then, the order is cancelled and refunded automatically. */
    reviewBy: z.string(),
    customer: z.object({
      id: z.number().int(),
      email: z.string(),
      fullName: z.string(),
      createdAt: z.string(),
      emailVerified: z.boolean(),
      /** Orders the customer paid and kept before. */
      paidOrders: z.number().int(),
    }),
    lines: z.array(z.object({ title: z.string(), platform: z.string(), quantity: z.number().int() })),
    /** The latest assessment (the payment's when there is one). */
    score: z.number().int(),
    tier: z.enum(riskTierValues),
    reasons: z.array(riskReasonSchema),
  })
  .meta({ id: 'HeldOrder' });

export const heldOrdersSchema = z.object({ items: z.array(heldOrderSchema) }).meta({ id: 'HeldOrders' });

export const approveHeldResultSchema = z
  .object({
    orderId: z.number().int(),
    status: z.enum(['paid', 'awaiting_keys']),
    keysDelivered: z.number().int(),
  })
  .meta({ id: 'ApproveHeldResult' });

export const disputeListItemSchema = z
  .object({
    orderId: z.number().int(),
    disputeId: z.string(),
    status: z.enum(['open', 'won', 'lost']),
    providerStatus: z.string(),
    reason: z.string().nullable(),
    amount: z.number(),
    openedAt: z.string(),
    closedAt: z.string().nullable(),
    customerEmail: z.string(),
    /** When the store's evidence went to the provider; null while not sent. */
    evidenceSubmittedAt: z.string().nullable(),
  })
  .meta({ id: 'DisputeListItem' });

export const disputesSchema = z.object({ items: z.array(disputeListItemSchema) }).meta({ id: 'Disputes' });

export type HeldOrder = z.infer<typeof heldOrderSchema>;
export type HeldOrders = z.infer<typeof heldOrdersSchema>;
export type OrderRisk = z.infer<typeof orderRiskSchema>;
export type ApproveHeldResult = z.infer<typeof approveHeldResultSchema>;
export type Disputes = z.infer<typeof disputesSchema>;
