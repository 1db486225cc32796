import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoiceCounters, invoices } from '../../db/schema/documents.ts';
import { customers, orders } from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** Invoices, credit notes and their per-year counters; the only code touching these tables. */
export function createInvoicesRepository(db: Executor) {
  return {
    /**
     * Takes the next number of a series and year. The counter row stays locked until the transaction
     * ends, so concurrent issuers wait, and a rollback gives the number back: no gaps.
     */
    async nextNumber(series: string, year: number): Promise<number> {
      const [row] = await db
        .insert(invoiceCounters)
        .values({ series, year, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [invoiceCounters.series, invoiceCounters.year],
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: invoiceCounters.lastNumber });
      if (!row) throw new Error('Counter upsert returned no row');
      return row.lastNumber;
    },

    async insert(values: NewInvoice): Promise<InvoiceRow> {
      const [row] = await db.insert(invoices).values(values).returning();
      if (!row) throw new Error('Invoice insert returned no row');
      return row;
    },

    async find(id: number): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    async ofOrder(orderId: number, kind: 'invoice' | 'credit_note'): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind), isNull(invoices.creditReference)));
      return row;
    },

    /** The documents of a kind of several orders in one query (one at most per order and kind). */
    async ofOrders(orderIds: number[], kind: 'invoice' | 'credit_note'): Promise<Map<number, InvoiceRow>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(invoices)
        .where(
          and(inArray(invoices.orderId, orderIds), eq(invoices.kind, kind), isNull(invoices.creditReference)),
        );
      return new Map(rows.map((row) => [row.orderId, row]));
    },

    /** The credit notes of parts of an order (refunded key claims). */
    async partialCreditNotes(orderId: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.orderId, orderId),
            eq(invoices.kind, 'credit_note'),
            isNotNull(invoices.creditReference),
          ),
        );
    },

    async ofCustomer(customerId: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, customerId))
        .orderBy(asc(invoices.issuedAt), asc(invoices.id));
    },

    /** Documents issued in [from, to). */
    async issuedBetween(from: Date, to: Date): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
        .orderBy(asc(invoices.id));
    },

    async order(orderId: number) {
      const [row] = await db
        .select({
          id: orders.id,
          customerId: orders.customerId,
          countryId: orders.countryId,
          vatBasisPoints: orders.vatBasisPoints,
          amountUntaxedCents: orders.amountUntaxedCents,
          amountTaxCents: orders.amountTaxCents,
          amountTotalCents: orders.amountTotalCents,
          paymentProvider: orders.paymentProvider,
          paymentSessionId: orders.paymentSessionId,
          customerName: customers.fullName,
          customerEmail: customers.email,
          lang: customers.lang,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.id, orderId));
      return row;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
