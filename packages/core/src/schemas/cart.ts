import { z } from 'zod';
import { activationScopes } from '../activation.ts';
import { MAX_LINE_QUANTITY } from '../cart-rules.ts';
import { giftInputSchema } from './gifts.ts';

export { MAX_LINE_QUANTITY };

/** Fields the original store sends for identity or prices: accepted for compatibility and ignored. */
const ignoredLegacyFields = {
  email: z.string().max(254).optional(),
  price: z.unknown().optional(),
  cws_price: z.unknown().optional(),
  cws_identifier: z.unknown().optional(),
};

export const draftOrderRequestSchema = z.object({ email: z.string().max(254).optional() }).default({});
export const draftOrderResponseSchema = z.object({ order_id: z.number().int() });

const lineRef = {
  order_id: z.number().int().optional(),
  /** The catalogue's productId of the game; preferred. */
  cws_product_id: z.string().max(100).optional(),
  /** The game's title, as the original store identified lines. */
  product_name: z.string().max(300).optional(),
};

export const addOrderLineRequestSchema = z.object({
  ...lineRef,
  ...ignoredLegacyFields,
  /** Confirms buying a key that may not activate in the customer's country (asked once, when adding). */
  region_confirmed: z.boolean().optional(),
});
export const removeOrderLineRequestSchema = z.object({ ...lineRef, ...ignoredLegacyFields });
export const updateOrderLineQuantityRequestSchema = z.object({
  ...lineRef,
  ...ignoredLegacyFields,
  delta: z.union([z.literal(1), z.literal(-1)]),
});
export const cartRequestSchema = z.object({ email: z.string().max(254).optional() }).default({});

export const cartItemSchema = z
  .object({
    name: z.string(),
    price_unit: z.number(),
    quantity: z.number().int(),
    total: z.number(),
    tax_percent: z.number(),
    wcs_product_id: z.string(),
    wcs_identifier: z.string(),
    providerId: z.string(),
    platform: z.string(),
    cover: z.string(),
    /** Keys that can be sold now, so the client can cap its + button. */
    available: z.number().int(),
    /** Where the key activates: the EU/EEA, worldwide, or only the listed countries (ISO codes). */
    activation: z.object({ scope: z.enum(activationScopes), countries: z.array(z.string()) }).optional(),
    /** False when the key may not activate in the customer's account country. */
    activates_here: z.boolean().optional(),
    /** The coupon's discount on this line (euros, VAT included); `total` is already net of it. */
    coupon_discount: z.number().optional(),
    /** A pre-order: the day its keys are delivered (YYYY-MM-DD); absent for a game sold from stock. */
    preorder_release: z.string().optional(),
  })
  .meta({ id: 'CartItem' });

/** The coupon applied to a cart, shown as its own line. */
export const cartCouponSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentOff: z.number().int().nullable(),
  /** For `amount`: euros off. */
  amount: z.number().nullable(),
  /** What it takes off this cart now (euros). */
  discount: z.number(),
  /** Only some games count (a platform or chosen games). */
  limited: z.boolean(),
});
export type CartCoupon = z.infer<typeof cartCouponSchema>;

export const cartSchema = z
  .object({
    order_id: z.number().int().nullable(),
    items: z.array(cartItemSchema),
    amount_untaxed: z.number(),
    amount_tax: z.number(),
    amount_total: z.number(),
    tax_percent: z.number(),
    coupon: cartCouponSchema.nullable().optional(),
    /**
     * Set when the cart's coupon no longer applied after a change (expired, limit reached, basket too
     * small…) and was taken off: the error code saying why, translated by the client.
     */
    coupon_removed: z.object({ code: z.string(), reason: z.string() }).nullable().optional(),
  })
  .meta({ id: 'Cart' });

export const applyCouponRequestSchema = z.object({ code: z.string().trim().min(1).max(40) });

export type Cart = z.infer<typeof cartSchema>;
export type CartItem = z.infer<typeof cartItemSchema>;

export const consentSchema = z.object({
  text: z.string().min(1).max(2000),
  timestamp: z.string().min(1).max(64),
});

/**
 * The consent to immediate delivery as recorded with an order (the admin's order, the customer's data
 * export): the text agreed to, the browser's time of the click, the server's time of the record, the terms'
 * version, and where it came from.
 */
export const consentRecordSchema = z.object({
  text: z.string(),
  clientTimestamp: z.string(),
  recordedAt: z.string(),
  termsVersion: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** Version of the terms the consent refers to; recorded with every order. */
export const TERMS_VERSION = '2026-11-22';

export const createCheckoutSessionRequestSchema = z.object({
  /** Required: without it the server answers 400 CONSENT_REQUIRED and creates nothing. */
  consent: consentSchema.optional(),
  /** The whole order is a gift: its keys go to the recipient by a link on the chosen day (decision 039). */
  gift: giftInputSchema.optional(),
  /** The original store sends items and order data with amounts; the server ignores them. */
  items: z.unknown().optional(),
  orderData: z.unknown().optional(),
});

export const createCheckoutSessionResponseSchema = z.object({ url: z.string(), order_id: z.number().int() });

export const createOrderRequestSchema = z.object({ sessionId: z.string().max(300) });

export const deliveredKeySchema = z.object({
  title: z.string(),
  code: z.string(),
  platform: z.string(),
});

export const createOrderResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(deliveredKeySchema),
  order_id: z.number().int().optional(),
  /** Paid, but held for a person's review: no keys yet; they come by e-mail within `review_hours`. */
  held: z.boolean().optional(),
  review_hours: z.number().int().positive().optional(),
  /** Paid with a delayed method (bank debit, transfer): the keys come when it settles, kept `hold_days`. */
  processing: z.boolean().optional(),
  hold_days: z.number().positive().optional(),
  /** A paid pre-order: the day its keys are delivered (YYYY-MM-DD); no keys until then. */
  preorder_release: z.string().optional(),
  /** A paid gift: its keys go to the recipient (on `gift_deliver_on`, or now when null), not to the buyer. */
  gift: z.boolean().optional(),
  gift_deliver_on: z.string().nullable().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
