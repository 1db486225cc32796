import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { mailOutbox } from './mail.ts';
import { orders } from './orders.ts';

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * The last number issued per series (`KL` invoices, `KLC` credit notes) and calendar year. The row is
 * locked by the transaction that issues a document, so a rolled-back payment leaves no gap (a sequence
 * would).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text().notNull(),
    year: integer().notNull(),
    lastNumber: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** A snapshotted invoice line: amounts in cents, VAT rate in basis points. */
export interface InvoiceLine {
  title: string;
  platform: string;
  quantity: number;
  unitPriceCents: number;
  /** The regular unit price (VAT included) when a sale lowered this line's price; the PDF shows the discount. */
  regularUnitPriceCents?: number;
  /** A coupon's discount on the whole line (VAT included); `totalCents` is after it. */
  couponDiscountCents?: number;
  netCents: number;
  vatBasisPoints: number;
  vatCents: number;
  totalCents: number;
}

/** Totals of one VAT rate. */
export interface InvoiceVatTotal {
  vatBasisPoints: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/**
 * An invoice or a credit note. Everything printed on it is snapshotted here when it is issued, and the
 * row never changes afterwards (a trigger refuses UPDATE, and DELETE before `retain_until`). A credit note
 * carries negative amounts and references the invoice it cancels.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({ enum: invoiceKinds }).notNull(),
    /**
     * The gapless number, its year and place in the series. An invoice is written when its payment is
     * recorded and numbered a moment later, in payment order, by the numbering job (decision 033): until
     * then the three are null and nobody is shown the invoice. Credit notes are numbered when written.
     */
    number: text(),
    year: integer(),
    sequence: integer(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /**
     * For a credit note of part of an order (a refunded key claim): what it credits, `claim:<id>`. Null for
     * the one credit note that cancels the rest of the order.
     */
    creditReference: text(),
    /** For a credit note: the invoice it cancels. */
    creditedInvoiceId: integer(),
    creditedInvoiceNumber: text(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    sellerName: text().notNull(),
    sellerRegistryCode: text().notNull(),
    sellerVatNumber: text().notNull(),
    sellerAddress: text().notNull(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    /** ISO 3166 code of the customer's country, the place of supply for VAT. */
    customerCountry: text().notNull(),
    /** The language the document is printed in (the customer's at issue). */
    lang: text().notNull().default('en'),
    currency: text().notNull().default('EUR'),
    paymentProvider: text(),
    paymentReference: text(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    vatTotals: jsonb().$type<InvoiceVatTotal[]>().notNull(),
    netCents: integer().notNull(),
    vatCents: integer().notNull(),
    totalCents: integer().notNull(),
    /** Kept until this day (Estonian Accounting Act § 12: 7 years from the end of the financial year). */
    retainUntil: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_one_per_order_kind_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.creditReference} is null`),
    uniqueIndex('invoices_credit_reference_idx').on(t.creditReference),
    index('invoices_customer_idx').on(t.customerId),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_unnumbered_idx').on(t.issuedAt, t.id).where(sql`${t.number} is null`),
    check('invoices_kind_valid', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'invoices_numbered_whole',
      sql`(${t.number} is null) = (${t.year} is null) and (${t.number} is null) = (${t.sequence} is null) and (${t.number} is not null or ${t.kind} = 'invoice')`,
    ),
    check('invoices_totals_consistent', sql`${t.netCents} + ${t.vatCents} = ${t.totalCents}`),
    check(
      'invoices_credit_note_references',
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`,
    ),
  ],
);

/** Documents attached to an outbox mail, rendered when the mail is sent. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    mailId: integer()
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId)],
);

/**
 * A customer's withdrawal from a contract that still had a right of withdrawal (Directive 2011/83 art.
 * 11a): recorded when the customer confirms; `refundId` is set once the provider refunded.
 */
export const orderWithdrawals = pgTable(
  'order_withdrawals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    at: timestamp({ withTimezone: true }).notNull(),
    refundedCents: integer().notNull(),
    refundId: text(),
    keysReleased: integer().notNull(),
  },
  (t) => [uniqueIndex('order_withdrawals_order_idx').on(t.orderId)],
);

/** A customer who erased their account (GDPR art. 17): the row is anonymised, this records when. */
export const customerErasures = pgTable('customer_erasures', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  at: timestamp({ withTimezone: true }).notNull(),
});
