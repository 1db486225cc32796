import { z } from 'zod';
import { couponKinds, promotionScopes } from '../pricing.ts';
import { eurosSchema } from './common.ts';

/** Coupons of the admin area (amounts in euros on the wire). */

export const couponStatusValues = ['scheduled', 'active', 'ended'] as const;
/** Codes: letters, digits and dashes, stored and compared in upper case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;
export const COUPON_GENERATE_MAX = 5000;

const instantSchema = z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601)' });

const couponRuleSchema = z.object({
  name: z.string().trim().min(1).max(120),
  kind: z.enum(couponKinds),
  /** For `percent`: whole percent off the eligible games, 1 to 90. */
  percentOff: z.number().int().min(1).max(90).nullable().default(null),
  /** For `amount`: euros off the eligible games. */
  amount: eurosSchema.min(0.01).max(1000).nullable().default(null),
  /** The basket (VAT included, before the coupon) must reach this many euros. */
  minBasket: eurosSchema.min(0).max(10_000).default(0),
  startsAt: instantSchema.optional(),
  endsAt: instantSchema,
  /** Uses of the coupon by everyone together (null: no limit). */
  maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** Uses by one customer. */
  perCustomer: z.number().int().min(1).max(100).default(1),
  scope: z.enum(promotionScopes).default('all'),
  platform: z.string().trim().max(60).nullable().default(null),
  gameIds: z.array(z.number().int().positive()).max(500).default([]),
});

/** A coupon with a code typed by the admin. */
export const couponInputSchema = couponRuleSchema.extend({
  code: z.string().trim().regex(COUPON_CODE_PATTERN, 'Letters, digits and dashes, 3 to 40'),
});
export type CouponInput = z.input<typeof couponInputSchema>;

/** A batch of single-use codes sharing one rule; answered as CSV. */
export const generateCouponsInputSchema = couponRuleSchema.extend({
  count: z.number().int().min(1).max(COUPON_GENERATE_MAX),
  /** Put before each generated code (e.g. `XMAS`). */
  prefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,10}$/, 'Letters and digits, at most 10')
    .default(''),
});
export type GenerateCouponsInput = z.input<typeof generateCouponsInputSchema>;

export const couponSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The typed code, or null for a batch of generated single-use codes. */
    code: z.string().nullable(),
    /** How many codes the coupon has (1 for a typed code). */
    codes: z.number().int(),
    kind: z.enum(couponKinds),
    percentOff: z.number().int().nullable(),
    amount: z.number().nullable(),
    minBasket: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: z.number().int().nullable(),
    perCustomer: z.number().int(),
    scope: z.enum(promotionScopes),
    platform: z.string().nullable(),
    gameIds: z.array(z.number().int()),
    status: z.enum(couponStatusValues),
    /** Paid orders that used it, the discount they got and what they paid (euros). */
    uses: z.number().int(),
    discountGiven: z.number(),
    revenue: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

export const couponsSchema = z.object({ items: z.array(couponSchema) }).meta({ id: 'Coupons' });
