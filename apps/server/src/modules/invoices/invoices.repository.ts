import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoiceCounters, invoices } from '../../db/schema/documents.ts';
import { customers, orders } from '../../db/schema/index.ts';

type StoredInvoice = typeof invoices.$inferSelect;
/** An issued document: numbered (a document without its number is shown to nobody). */
export type InvoiceRow = StoredInvoice & { number: string; year: number; sequence: number };
export type NewInvoice = typeof invoices.$inferInsert;

const numbered = isNotNull(invoices.number);
const issued = (rows: StoredInvoice[]) => rows as InvoiceRow[];

/** Invoices, credit notes and their per-year counters; the only code touching these tables. */
export function createInvoicesRepository(db: Executor) {
  /** An order's documents that meet the conditions. */
  const ofOrderWhere = (orderId: number, ...conditions: SQL[]) =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), ...conditions));

  /**
   * Takes the next `count` numbers of a series and year at once; answers the last of them (the first is
   * `last - count + 1`). The counter row stays locked until the transaction ends, so concurrent issuers
   * wait, and a rollback gives the numbers back: no gaps.
   */
  async function takeNumbers(series: string, year: number, count: number): Promise<number> {
    const [row] = await db
      .insert(invoiceCounters)
      .values({ series, year, lastNumber: count })
      .onConflictDoUpdate({
        target: [invoiceCounters.series, invoiceCounters.year],
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + ${count}` },
      })
      .returning({ lastNumber: invoiceCounters.lastNumber });
    if (!row) throw new Error('Counter upsert returned no row');
    return row.lastNumber;
  }

  return {
    async insert(values: NewInvoice): Promise<StoredInvoice> {
      const [row] = await db.insert(invoices).values(values).returning();
      if (!row) throw new Error('Invoice insert returned no row');
      return row;
    },

    async find(id: number): Promise<InvoiceRow | undefined> {
      const [row] = issued(
        await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, id), numbered)),
      );
      return row;
    },

    /** An order's numbered invoice or credit note. */
    async ofOrder(orderId: number, kind: 'invoice' | 'credit_note'): Promise<InvoiceRow | undefined> {
      const [row] = issued(
        await ofOrderWhere(orderId, eq(invoices.kind, kind), isNull(invoices.creditReference), numbered),
      );
      return row;
    },

    /** Whether an order has its invoice, numbered or still waiting for its number. */
    async hasInvoice(orderId: number): Promise<StoredInvoice | undefined> {
      const [row] = await ofOrderWhere(orderId, eq(invoices.kind, 'invoice'));
      return row;
    },

    /**
     * Takes the lock of invoice numbering until the transaction ends: whoever numbers invoices (the
     * numbering job, a credit note that needs its invoice's number) does it one at a time, in order. (Not
     * the key of the job's own lock, which its instance holds on another connection while it runs.)
     */
    async lockNumbering(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('keyland:invoice-number-series'))`);
    },

    /** The same lock, shared: held by a transaction that dates and writes an invoice (many at once). */
    async shareNumberingLock(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock_shared(hashtext('keyland:invoice-number-series'))`);
    },

    /**
     * Invoices waiting for their number, oldest payment first, locked: those paid before `before`, or
     * those up to and including the invoice `upTo` in payment order.
     */
    async unnumbered(
      limit: number,
      bound: { before: Date } | { upTo: { issuedAt: Date; id: number } },
    ): Promise<Pick<StoredInvoice, 'id' | 'issuedAt'>[]> {
      const until =
        'before' in bound
          ? lt(invoices.issuedAt, bound.before)
          : sql`(${invoices.issuedAt}, ${invoices.id}) <= (${bound.upTo.issuedAt}, ${bound.upTo.id})`;
      return db
        .select({ id: invoices.id, issuedAt: invoices.issuedAt })
        .from(invoices)
        .where(and(isNull(invoices.number), until))
        .orderBy(asc(invoices.issuedAt), asc(invoices.id))
        .limit(limit)
        .for('update');
    },

    takeNumbers,

    /** Takes the next number of a series and year (takeNumbers for one). */
    nextNumber: (series: string, year: number): Promise<number> => takeNumbers(series, year, 1),

    /** Writes the numbers of several invoices in one statement. */
    async setNumbers(rows: { id: number; number: string; year: number; sequence: number }[]): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((row) => sql`(${row.id}::int, ${row.number}::text, ${row.year}::int, ${row.sequence}::int)`),
        sql`, `,
      );
      await db.execute(sql`
        update ${invoices} set number = v.number, year = v.year, sequence = v.sequence
        from (values ${values}) as v(id, number, year, sequence)
        where ${invoices.id} = v.id`);
    },

    /**
     * The invoices of several orders, numbered or still waiting for their number (one query): by order, the
     * numbered invoice's id or null while it waits.
     */
    async statesOfOrders(orderIds: number[]): Promise<Map<number, number | null>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ id: invoices.id, orderId: invoices.orderId, number: invoices.number })
        .from(invoices)
        .where(and(inArray(invoices.orderId, orderIds), eq(invoices.kind, 'invoice')));
      return new Map(rows.map((row) => [row.orderId, row.number === null ? null : row.id]));
    },

    /** The credit notes of parts of an order (refunded key claims). */
    async partialCreditNotes(orderId: number): Promise<InvoiceRow[]> {
      return issued(
        await ofOrderWhere(orderId, eq(invoices.kind, 'credit_note'), isNotNull(invoices.creditReference)),
      );
    },

    async ofCustomer(customerId: number): Promise<InvoiceRow[]> {
      return issued(
        await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.customerId, customerId), numbered))
          .orderBy(asc(invoices.issuedAt), asc(invoices.id)),
      );
    },

    /** Documents issued in [from, to). */
    async issuedBetween(from: Date, to: Date): Promise<InvoiceRow[]> {
      return issued(
        await db
          .select()
          .from(invoices)
          .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to), numbered))
          .orderBy(asc(invoices.id)),
      );
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
