import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../account-rules.ts';
import { keyAccessActions } from '../key-access.ts';
import { consentRecordSchema } from './cart.ts';
import { giftExportSchema } from './gifts.ts';
import { keyClaimSchema, supportTicketSchema } from './support.ts';
import { wishlistExportSchema } from './wishlist.ts';

/** POST /api/orders/:id/withdraw: the customer confirmed the withdrawal on a second step. */
export const withdrawalRequestSchema = z.object({ confirm: z.literal(true) });

export const withdrawalResultSchema = z
  .object({
    orderId: z.number().int(),
    status: z.literal('refunded'),
    /** When the withdrawal was received (ISO 8601, UTC). */
    withdrawnAt: z.string(),
    refunded: z.number(),
    refundId: z.string().nullable(),
    /** The provider did not answer: the refund is retried when the customer asks again. */
    refundPending: z.boolean(),
    keysReleased: z.number().int(),
  })
  .meta({ id: 'WithdrawalResult' });
export type WithdrawalResult = z.infer<typeof withdrawalResultSchema>;

/** POST /api/account/delete: the account is erased after the password is confirmed. */
export const eraseAccountRequestSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

const money = z.number();

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  orderId: z.number().int(),
  issuedAt: z.string(),
  net: money,
  vat: money,
  total: money,
  creditsInvoice: z.string().nullable(),
});

/** The customer's data (GDPR art. 20) as downloaded from /profile. */
export const dataExportSchema = z
  .object({
    exportedAt: z.string(),
    profile: z.object({
      id: z.number().int(),
      email: z.string(),
      fullName: z.string(),
      phone: z.string().nullable(),
      countryId: z.number().int().nullable(),
      lang: z.string(),
      bio: z.string(),
      emailVerified: z.boolean(),
      createdAt: z.string(),
    }),
    orders: z.array(
      z.object({
        id: z.number().int(),
        status: z.string(),
        createdAt: z.string(),
        paidAt: z.string().nullable(),
        countryId: z.number().int().nullable(),
        vatPercent: z.number(),
        net: money,
        vat: money,
        total: money,
        paymentProvider: z.string().nullable(),
        lines: z.array(
          z.object({ title: z.string(), quantity: z.number().int(), unitPrice: money, total: money }),
        ),
        withdrawnAt: z.string().nullable(),
      }),
    ),
    consents: z.array(z.object({ orderId: z.number().int(), ...consentRecordSchema.shape })),
    invoices: z.array(invoiceSummarySchema),
    /** Every time the customer showed, copied or downloaded a delivered key in their history, and from where. */
    keyAccess: z.array(
      z.object({
        orderId: z.number().int(),
        keyId: z.number().int(),
        action: z.enum(keyAccessActions),
        at: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
    /** The customer's reports of keys that did not work, and how each ended. */
    keyClaims: z.array(keyClaimSchema).optional(),
    /** The messages the customer sent through the contact form, with the shop's answers. */
    supportTickets: z.array(supportTicketSchema).optional(),
    /** The passkeys the customer logs in with: their names and dates (never key material). */
    passkeys: z
      .array(
        z.object({
          name: z.string(),
          createdAt: z.string(),
          lastUsedAt: z.string().nullable(),
          backedUp: z.boolean(),
        }),
      )
      .optional(),
    /** The games on the customer's wishlist with their alerts, and when alert mails went. */
    wishlist: wishlistExportSchema.optional(),
    /** The gifts the customer bought: recipient, message, day and state (never the keys). */
    gifts: giftExportSchema.optional(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/admin/reports/oss?year=&quarter= */
export const ossReportQuerySchema = z.object({
  year: z.coerce.number().int().min(2021).max(2100),
  quarter: z.coerce.number().int().min(1).max(4),
});
