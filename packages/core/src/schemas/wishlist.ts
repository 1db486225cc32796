import { z } from 'zod';
import { eurosSchema } from './common.ts';
import { providerIdSchema } from './game-detail.ts';

/**
 * A customer's wishlist and its alerts (docs/decisions/035-wishlist-and-alerts.md). Amounts in euros on the
 * wire, VAT included.
 */

/** The most games one wishlist holds. */
export const WISHLIST_MAX_GAMES = 200;

export const wishlistParamsSchema = z.object({ providerId: providerIdSchema });

/** The e-mail alerts a customer chose for one game of their wishlist. */
export const wishlistAlertSchema = z
  .object({
    /** Tell me when the price goes down. */
    priceDrop: z.boolean(),
    /** Only when it is then at or below this price (euros); null: any reduction. */
    priceBelow: eurosSchema.min(0.01).max(100_000).nullable(),
    /** Tell me when the game is back in stock after selling out. */
    backInStock: z.boolean(),
  })
  .meta({ id: 'WishlistAlert' });
export type WishlistAlert = z.infer<typeof wishlistAlertSchema>;

export const NO_WISHLIST_ALERT: WishlistAlert = { priceDrop: false, priceBelow: null, backInStock: false };

export const wishlistItemSchema = z
  .object({
    providerId: z.string(),
    productId: z.string(),
    title: z.string(),
    slug: z.string(),
    platform: z.string(),
    cover: z.string(),
    /** Today's selling price. */
    price: z.number(),
    /** Set only while the price is shown as reduced: its 30-day reference, the percentage off and the sale's end. */
    priceReference: z.number().nullable(),
    discountPercent: z.number().int().nullable(),
    saleEndsAt: z.string().nullable(),
    /** The lowest selling price in effect at any moment of the last 30 days, today's included. */
    lowest30Days: z.number(),
    stock: z.number().int(),
    /** False once the game is no longer sold (hidden, or without a price): no cart, no alerts. */
    available: z.boolean(),
    addedAt: z.string(),
    alert: wishlistAlertSchema,
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** The caller's wishlist, the latest added first. */
export const wishlistSchema = z
  .object({ items: z.array(wishlistItemSchema), max: z.number().int() })
  .meta({ id: 'Wishlist' });
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistRemovedSchema = z.object({ removed: z.boolean() }).meta({ id: 'WishlistRemoved' });

/** POST /api/wishlist/unsubscribe?token=…: the token of an alert mail, no login needed. */
export const unsubscribeQuerySchema = z.object({ token: z.string().trim().min(20).max(100) });
export const unsubscribedSchema = z
  .object({ unsubscribed: z.literal(true), alertsTurnedOff: z.number().int() })
  .meta({ id: 'AlertsUnsubscribed' });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;

/** The wishlist in the customer's data export. */
export const wishlistExportSchema = z.object({
  items: z.array(
    z.object({ providerId: z.string(), title: z.string(), addedAt: z.string(), alert: wishlistAlertSchema }),
  ),
  /** When an alert mail went to the customer, and about how many games. */
  alertMails: z.array(z.object({ sentAt: z.string(), games: z.number().int() })),
});
export type WishlistExport = z.infer<typeof wishlistExportSchema>;
