import { z } from 'zod';
import { keyAccessActions } from '../key-access.ts';

/** Key claims ("this key does not work") and support tickets (the contact form and the admin's replies). */

export const claimReasonValues = [
  'already_used',
  'wrong_region',
  'wrong_platform',
  'invalid_format',
  'other',
] as const;
export const claimStatusValues = ['open', 'replaced', 'refunded', 'rejected'] as const;
export const claimOutcomeValues = [
  'auto_replaced',
  'replaced',
  'supplier_replaced',
  'refunded',
  'rejected',
] as const;

/** The longest note and written reason kept with a claim. */
export const CLAIM_NOTE_MAX = 1000;
/** The largest screenshot accepted, in bytes (before base64). */
export const SCREENSHOT_MAX_BYTES = 1024 * 1024;

export const createKeyClaimRequestSchema = z
  .object({
    keyId: z.number().int().positive(),
    reason: z.enum(claimReasonValues),
    note: z.string().trim().max(CLAIM_NOTE_MAX).optional(),
    /** A PNG, JPEG or WebP image as a `data:` URL; its type is read from its bytes on the server. */
    screenshot: z
      .string()
      .max(Math.ceil((SCREENSHOT_MAX_BYTES * 4) / 3) + 100)
      .optional(),
  })
  .meta({ id: 'CreateKeyClaim' });
export type CreateKeyClaim = z.infer<typeof createKeyClaimRequestSchema>;

export const keyClaimSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    keyId: z.number().int(),
    title: z.string(),
    platform: z.string(),
    reason: z.enum(claimReasonValues),
    note: z.string().nullable(),
    status: z.enum(claimStatusValues),
    outcome: z.enum(claimOutcomeValues).nullable(),
    /** Why an admin rejected the claim, as they wrote it. */
    rejectReason: z.string().nullable(),
    /** The refunded amount (euros) of a refunded claim. */
    refunded: z.number().nullable(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'KeyClaim' });
export type KeyClaim = z.infer<typeof keyClaimSchema>;

export const keyClaimsSchema = z.object({ items: z.array(keyClaimSchema) }).meta({ id: 'KeyClaims' });
export type KeyClaims = z.infer<typeof keyClaimsSchema>;

export const adminClaimSchema = keyClaimSchema
  .extend({
    orderStatus: z.string(),
    /** When the claimed key was delivered. */
    deliveredAt: z.string().nullable(),
    hasScreenshot: z.boolean(),
    /** The game is bought from the key supplier: a replacement can be bought there. */
    supplierGame: z.boolean(),
    /** Keys of the game on sale now: a replacement can come from stock. */
    available: z.number().int(),
    /** Open longer than the resolution deadline (CLAIM_RESOLUTION_HOURS). */
    overdue: z.boolean(),
    resolveBy: z.string(),
    refundAmount: z.number(),
    supplierReport: z.enum(['reported', 'listed']).nullable(),
    customer: z.object({
      id: z.number().int(),
      email: z.string(),
      fullName: z.string(),
      paidOrders: z.number().int(),
      /** Claims in the last 90 days, this one included. */
      recentClaims: z.number().int(),
    }),
    /** Every reveal and copy of the claimed key in the customer's history. */
    keyAccess: z.array(
      z.object({ action: z.enum(keyAccessActions), at: z.string(), ip: z.string().nullable() }),
    ),
  })
  .meta({ id: 'AdminKeyClaim' });
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const adminClaimsQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
});
export const adminClaimsSchema = z
  .object({ items: z.array(adminClaimSchema), overdue: z.number().int() })
  .meta({ id: 'AdminKeyClaims' });
export type AdminClaims = z.infer<typeof adminClaimsSchema>;

export const resolveClaimRequestSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('replace') }),
    z.object({ action: z.literal('supplier_replace') }),
    z.object({ action: z.literal('refund') }),
    z.object({ action: z.literal('reject'), reason: z.string().trim().min(3).max(CLAIM_NOTE_MAX) }),
  ])
  .meta({ id: 'ResolveKeyClaim' });
export type ResolveClaim = z.infer<typeof resolveClaimRequestSchema>;

/** The shop's support channel as configured on the server (read at run time). */
export const supportContactSchema = z
  .object({
    /** The support address; null when none is configured (the contact form is always there). */
    email: z.string().nullable(),
  })
  .meta({ id: 'SupportContact' });
export type SupportContact = z.infer<typeof supportContactSchema>;

export const TICKET_MESSAGE_MAX = 5000;
/** A form filled faster than this is taken for a script. */
export const TICKET_MIN_FILL_MS = 3000;

export const createSupportTicketRequestSchema = z
  .object({
    /** Visitors only: a logged-in customer's name and address come from their account. */
    name: z.string().trim().max(120).optional(),
    email: z.string().trim().max(254).optional(),
    subject: z.string().trim().min(3).max(150),
    message: z.string().trim().min(10).max(TICKET_MESSAGE_MAX),
    /** One of the customer's own orders, when they link the message to it. */
    orderId: z.number().int().positive().optional(),
    consent: z.literal(true),
    /** A field people never see: filled in, the message is taken for spam. */
    website: z.string().max(500).optional(),
    /** How long the form was open before it was sent, in milliseconds. */
    fillMs: z.number().int().nonnegative(),
    language: z.string().max(10).optional(),
  })
  .meta({ id: 'CreateSupportTicket' });
export type CreateSupportTicket = z.infer<typeof createSupportTicketRequestSchema>;

export const supportTicketCreatedSchema = z
  .object({ id: z.number().int(), number: z.string() })
  .meta({ id: 'SupportTicketCreated' });

export const ticketStatusValues = ['open', 'answered', 'closed'] as const;

export const supportMessageSchema = z.object({
  author: z.enum(['customer', 'staff']),
  body: z.string(),
  at: z.string(),
});

export const supportTicketSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(ticketStatusValues),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    orderId: z.number().int().nullable(),
    customerId: z.number().int().nullable(),
    lang: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    messages: z.array(supportMessageSchema),
  })
  .meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketsQuerySchema = z.object({
  status: z.enum([...ticketStatusValues, 'all']).default('open'),
});
export const supportTicketsSchema = z
  .object({ items: z.array(supportTicketSchema) })
  .meta({ id: 'SupportTickets' });
export type SupportTickets = z.infer<typeof supportTicketsSchema>;

export const replySupportTicketRequestSchema = z
  .object({
    message: z.string().trim().min(1).max(TICKET_MESSAGE_MAX),
    /** Close the ticket with this reply. */
    close: z.boolean().default(false),
  })
  .meta({ id: 'ReplySupportTicket' });

/** The ticket number a customer quotes: `T-000123`. */
export const ticketNumber = (id: number) => `T-${String(id).padStart(6, '0')}`;
