import { z } from 'zod';
import { MAX_PERCENT_OFF, promotionKinds, promotionScopes } from '../pricing.ts';
import { eurosSchema } from './common.ts';

/** Promotions (sales) of the admin area and the price history of a game. Amounts in euros on the wire. */

export const promotionStatusValues = ['scheduled', 'active', 'ended'] as const;
export type PromotionStatus = (typeof promotionStatusValues)[number];

/** The longest a promotion may run, and how far ahead it may be planned. */
export const PROMOTION_MAX_DAYS = 92;
export const PROMOTION_MAX_GAMES = 500;

const instantSchema = z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601)' });

const promotionFieldsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  kind: z.enum(promotionKinds),
  /** For `percent`: whole percent off the regular price, 1 to MAX_PERCENT_OFF. */
  percentOff: z.number().int().min(1).max(MAX_PERCENT_OFF).nullable().default(null),
  /** For `fixed_price`: the sale price in euros, VAT included. */
  fixedPrice: eurosSchema.min(0.01).max(10_000).nullable().default(null),
  scope: z.enum(promotionScopes),
  /** For `platform`: the platform's name as the catalogue lists it. */
  platform: z.string().trim().max(60).nullable().default(null),
  /** For `games`: the games' catalogue ids. */
  gameIds: z.array(z.number().int().positive()).max(PROMOTION_MAX_GAMES).default([]),
  startsAt: instantSchema,
  endsAt: instantSchema,
});

/** What an admin sends to create or (before it starts) change a promotion; the rules across fields are checked by the server. */
export const promotionInputSchema = promotionFieldsSchema;
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const promotionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(promotionKinds),
    percentOff: z.number().int().nullable(),
    fixedPrice: z.number().nullable(),
    scope: z.enum(promotionScopes),
    platform: z.string().nullable(),
    gameIds: z.array(z.number().int()),
    /** The chosen games' titles, in the order of `gameIds`. */
    gameTitles: z.array(z.string()),
    startsAt: z.string(),
    endsAt: z.string(),
    /** Set when an admin ended it before its end time. */
    endedEarlyAt: z.string().nullable(),
    status: z.enum(promotionStatusValues),
    /** Games whose price it lowers now (0 unless active). */
    gamesOnSale: z.number().int(),
    /** Paid keys sold at its price, and what they brought in (euros, VAT included). */
    keysSold: z.number().int(),
    revenue: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionsSchema = z.object({ items: z.array(promotionSchema) }).meta({ id: 'Promotions' });

/** One change of a game's selling price in the window of the history. */
export const pricePointSchema = z.object({
  at: z.string(),
  /** Euros, VAT included. */
  price: z.number(),
  onSale: z.boolean(),
});

export const priceHistorySchema = z
  .object({
    providerId: z.string(),
    days: z.number().int(),
    /** The price in effect when the window opened, then every change inside it, oldest first. */
    points: z.array(pricePointSchema),
    current: z.number(),
    lowest: z.number(),
    highest: z.number(),
    /** Set only while the price is shown as reduced: the lowest price of the 30 days before the reduction. */
    reference: z.number().nullable(),
    discountPercent: z.number().int().nullable(),
    saleEndsAt: z.string().nullable(),
  })
  .meta({ id: 'PriceHistory' });
export type PriceHistory = z.infer<typeof priceHistorySchema>;
