import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Durable outbox of e-mails: a mail is written in the same transaction as the change that causes it and
 * sent afterwards by the dispatcher, retried with back-off until it is delivered. Bodies carry secrets
 * (reset links, activation keys), so `html` and `text` are stored encrypted with the key vault.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** What the mail is about (`reset_password`, `verify_email`, `order_keys`…), for logs and tests. */
    kind: text().notNull(),
    /** Extra headers (`List-Unsubscribe`…) as JSON, encrypted like the bodies (they may carry a link's token). */
    headers: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);
