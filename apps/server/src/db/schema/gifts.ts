import { giftStatuses } from '@keyland/core/schemas/gifts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * An order bought as a gift (docs/decisions/039-gifts.md): its keys stay reserved for it until the
 * recipient opens the link mailed to them on `deliver_on` (Tallinn; null: right after payment). Only the
 * sha256 of the link's token is kept. The recipient's name, address and the message are emptied when the
 * buyer's account is erased.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    recipientName: text(),
    recipientEmail: text(),
    message: text(),
    deliverOn: date({ mode: 'string' }),
    /** The language of the recipient's mail and page, chosen by the buyer. */
    lang: text().notNull(),
    status: text({ enum: giftStatuses }).notNull().default('scheduled'),
    /** sha256 (hex) of the current link's token; a new link replaces it, so the old one no longer opens. */
    tokenHash: text(),
    linkExpiresAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    openedAt: timestamp({ withTimezone: true }),
    /**
     * The outbox's mail with the current link (`mail_outbox.id`, no foreign key: sent mails may be purged):
     * deleted when a new link replaces it and when the buyer's account is erased, with the address it holds.
     */
    mailId: integer(),
    /** Times the buyer sent it again to a corrected address. */
    resends: integer().notNull().default(0),
    /** When the buyer's account was erased and the recipient's data with it. */
    erasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('gifts_order_idx').on(t.orderId),
    uniqueIndex('gifts_token_idx').on(t.tokenHash),
    // The delivery round's gifts: those still to send.
    index('gifts_scheduled_idx').on(t.deliverOn).where(sql`${t.status} = 'scheduled'`),
    check('gifts_status_valid', sql`${t.status} in ('scheduled', 'sent', 'opened', 'cancelled')`),
    check('gifts_resends_positive', sql`${t.resends} >= 0`),
  ],
);
