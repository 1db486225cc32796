import { z } from 'zod';
import { GIFT_EMAIL_MAX, GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from '../gift-rules.ts';
import { locales } from '../locales.ts';

/**
 * Gifts (docs/decisions/039-gifts.md): the whole order bought for someone else, sent to them by e-mail on
 * a day the buyer chooses, with a single-use link to a page where they reveal the keys.
 */

export {
  GIFT_DAYS_AHEAD_MAX,
  GIFT_LINK_DAYS,
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  GIFT_RESENDS_MAX,
  giftDayAllowed,
  giftDayRange,
  tallinnToday,
} from '../gift-rules.ts';

const recipientNameSchema = z.string().trim().min(1).max(GIFT_NAME_MAX);
const recipientEmailSchema = z.string().trim().min(1).max(GIFT_EMAIL_MAX).pipe(z.email());

/**
 * A gift given at checkout. The delivery day (Tallinn, YYYY-MM-DD) is checked against today by the server
 * (`giftDayAllowed`: today to a year ahead); without one the gift is sent right after payment.
 */
export const giftInputSchema = z
  .object({
    recipientName: recipientNameSchema,
    recipientEmail: recipientEmailSchema,
    message: z.string().trim().max(GIFT_MESSAGE_MAX).default(''),
    deliverOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .default(null),
    /** The language of the recipient's mail and page. */
    lang: z.enum(locales),
  })
  .meta({ id: 'GiftInput' });
export type GiftInput = z.infer<typeof giftInputSchema>;

/** POST /api/orders/:orderId/gift/resend: the corrected recipient (a new link goes to them). */
export const resendGiftRequestSchema = z
  .object({ recipientName: recipientNameSchema.optional(), recipientEmail: recipientEmailSchema })
  .meta({ id: 'ResendGift' });
export type ResendGiftRequest = z.infer<typeof resendGiftRequestSchema>;

export const giftOrderParamsSchema = z.object({ orderId: z.coerce.number().int().positive() });

/** The recipient's calls carry the link's token in the body (never in an address a log keeps). */
export const giftTokenRequestSchema = z
  .object({ token: z.string().trim().min(20).max(100) })
  .meta({ id: 'GiftToken' });

/**
 * `scheduled`: paid, waiting for its day (or its keys); `sent`: the recipient has the link; `opened`: the
 * recipient revealed the keys; `cancelled`: never sent (its buyer's account was erased first).
 */
export const giftStatuses = ['scheduled', 'sent', 'opened', 'cancelled'] as const;
export type GiftStatus = (typeof giftStatuses)[number];

/** What the buyer chose for a gift and where it stands: the history and the data export show it. */
const giftRecordSchema = z.object({
  status: z.enum(giftStatuses),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
  /** The chosen delivery day (YYYY-MM-DD), null: sent right after payment. */
  deliverOn: z.string().nullable(),
  lang: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  resends: z.number().int(),
});
export type GiftRecord = z.infer<typeof giftRecordSchema>;

/** A gift as its buyer sees it in the history: the recipient and its state, never the keys. */
export const giftStateSchema = giftRecordSchema
  .extend({
    /** Until when the last link opens the gift. */
    linkExpiresAt: z.string().nullable(),
    /** The link ran out unopened: sending it again gives a new one. */
    linkExpired: z.boolean(),
    /** Whether the buyer may still correct the address (and, once sent, send it again). */
    resendable: z.boolean(),
    resendsLeft: z.number().int(),
    /** The games given. */
    games: z.array(z.object({ title: z.string(), platform: z.string(), quantity: z.number().int() })),
  })
  .meta({ id: 'GiftState' });
export type GiftState = z.infer<typeof giftStateSchema>;

const giftGameSchema = z.object({
  title: z.string(),
  platform: z.string(),
  quantity: z.number().int(),
  cover: z.string(),
});

/** What the recipient's page shows before (and after) the keys are revealed (`getGift`). */
export const giftViewSchema = z
  .object({
    status: z.enum(['sent', 'opened']),
    /** The buyer's name, null once their account was erased. */
    from: z.string().nullable(),
    recipientName: z.string().nullable(),
    message: z.string().nullable(),
    games: z.array(giftGameSchema),
    openedAt: z.string().nullable(),
    linkExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'GiftView' });
export type GiftView = z.infer<typeof giftViewSchema>;

/** The keys of an opened gift (`openGift`), shown once. */
export const giftOpenedSchema = z
  .object({
    openedAt: z.string(),
    keys: z.array(z.object({ title: z.string(), platform: z.string(), code: z.string() })),
  })
  .meta({ id: 'GiftOpened' });
export type GiftOpened = z.infer<typeof giftOpenedSchema>;

/** The buyer's gifts in their data export. */
export const giftExportSchema = z.array(giftRecordSchema.extend({ orderId: z.number().int() }));
export type GiftExport = z.infer<typeof giftExportSchema>;
