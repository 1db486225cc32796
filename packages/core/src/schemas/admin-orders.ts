import { z } from 'zod';
import { adminPageSchema, adminPagingQuerySchema, adminSearchText } from './admin-common.ts';
import { keyKindValues, keyStatusValues } from './admin-keys.ts';
import { consentRecordSchema } from './cart.ts';

/** The admin's orders (`/api/admin/orders`): the list, one order, cancelling with a refund. */

export const adminOrderStatuses = [
  'draft',
  'pending_payment',
  'paid',
  'awaiting_keys',
  'cancelled',
  'expired',
  'refunded',
  'held_for_review',
  'payment_processing',
] as const;

export const disputeStatusValues = ['open', 'won', 'lost'] as const;

export const ordersQuerySchema = adminPagingQuerySchema.extend({
  /** An e-mail (or part of it), an order id, or a date (YYYY-MM-DD). */
  q: adminSearchText,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Without it, every status except `draft` (carts). */
  status: z.enum(adminOrderStatuses).optional(),
});

export const adminOrderSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(adminOrderStatuses),
    customerId: z.number().int(),
    email: z.string(),
    total: z.number(),
    tax: z.number(),
    keys: z.number().int(),
    paymentProvider: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** The state of the order's latest payment dispute (chargeback), if any. */
    dispute: z.enum(disputeStatusValues).nullable(),
    /** Euros refunded so far through the payment provider. */
    refunded: z.number(),
  })
  .meta({ id: 'AdminOrderSummary' });

export const ordersPageSchema = adminPageSchema(adminOrderSummarySchema, 'AdminOrdersPage');

/** What the store sent the payment provider as evidence of a disputed order (the PDF itself is not kept). */
export const disputeEvidenceSummarySchema = z
  .object({
    customerName: z.string(),
    customerEmail: z.string(),
    customerPurchaseIp: z.string().nullable(),
    serviceDate: z.string(),
    productDescription: z.string(),
    /** How many reveals and copies of the order's keys the access log listed. */
    accesses: z.number().int(),
    accessActivityLog: z.string(),
    uncategorizedText: z.string(),
    invoiceNumber: z.string().nullable(),
    /** The invoice PDF went with it as the receipt. */
    receipt: z.boolean(),
  })
  .meta({ id: 'DisputeEvidenceSummary' });

export type DisputeEvidenceSummary = z.infer<typeof disputeEvidenceSummarySchema>;

export const adminOrderDetailSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(adminOrderStatuses),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    customer: z.object({
      id: z.number().int(),
      email: z.string(),
      fullName: z.string(),
      lang: z.string(),
      suspended: z.boolean(),
    }),
    countryId: z.number().int().nullable(),
    taxPercent: z.number(),
    untaxed: z.number(),
    tax: z.number(),
    total: z.number(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        gameId: z.number().int(),
        title: z.string(),
        platform: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number(),
        net: z.number(),
        tax: z.number(),
        total: z.number(),
        keys: z.array(
          z.object({
            id: z.number().int(),
            masked: z.string(),
            kind: z.enum(keyKindValues),
            status: z.enum(keyStatusValues),
          }),
        ),
      }),
    ),
    consent: consentRecordSchema.nullable(),
    payment: z.object({ provider: z.string().nullable(), sessionId: z.string().nullable() }),
    cancellation: z
      .object({
        at: z.string(),
        adminId: z.number().int(),
        reason: z.string(),
        refundId: z.string(),
        refunded: z.number(),
        keysRevoked: z.number().int(),
        keysAlreadyDelivered: z.number().int(),
      })
      .nullable(),
    /** Refunds reported by the payment provider (back-office cancellations and refunds made there). */
    refunds: z.array(
      z.object({ refundId: z.string(), amount: z.number(), at: z.string(), recordedAt: z.string() }),
    ),
    disputes: z.array(
      z.object({
        disputeId: z.string(),
        status: z.enum(disputeStatusValues),
        providerStatus: z.string(),
        reason: z.string().nullable(),
        amount: z.number(),
        openedAt: z.string(),
        closedAt: z.string().nullable(),
        /** The provider's deadline for the store's evidence. */
        evidenceDueBy: z.string().nullable(),
        /** When the store's evidence went to the provider (once per dispute); null while not sent. */
        evidenceSubmittedAt: z.string().nullable(),
        evidence: disputeEvidenceSummarySchema.nullable(),
        /** Why the last attempt to send the evidence failed (it is tried again until the deadline). */
        evidenceError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminOrderDetail' });

export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const cancelOrderSchema = z
  .object({
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(3, { error: 'reason is required (at least 3 characters)' })
      .max(1000, { error: 'reason can have at most 1000 characters' }),
  })
  .meta({ id: 'AdminCancelOrder' });

export const cancelOrderResultSchema = z
  .object({
    orderId: z.number().int(),
    status: z.literal('cancelled'),
    refundId: z.string(),
    refunded: z.number(),
    keysRevoked: z.number().int(),
    /**
     * Keys the customer had already received before the cancellation (Keyland delivers keys at payment, on
     * the success page and by e-mail): revoked in our records, but they may have been redeemed already.
     */
    keysAlreadyDelivered: z.number().int(),
    mailQueued: z.boolean(),
  })
  .meta({ id: 'AdminCancelOrderResult' });

export type CancelOrderResult = z.infer<typeof cancelOrderResultSchema>;
