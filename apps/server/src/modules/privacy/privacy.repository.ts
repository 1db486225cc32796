import { and, asc, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerErasures, invoices, orderWithdrawals } from '../../db/schema/documents.ts';
import {
  authTokens,
  customers,
  gameKeys,
  keyAccessLog,
  localPaymentSessions,
  mailOutbox,
  orderCancellations,
  orderConsents,
  orderLines,
  orders,
} from '../../db/schema/index.ts';

/** The customer's data for export, and the anonymisation and retention deletes of erasure. */
export function createPrivacyRepository(db: Executor) {
  return {
    async customer(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
      return row;
    },

    /** Every order past the cart, oldest first. */
    async orders(customerId: number) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), sql`${orders.status} <> 'draft'`))
        .orderBy(asc(orders.id));
    },

    async lines(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, orderIds))
        .orderBy(asc(orderLines.id));
    },

    async consents(customerId: number) {
      return db
        .select()
        .from(orderConsents)
        .where(eq(orderConsents.customerId, customerId))
        .orderBy(asc(orderConsents.id));
    },

    async withdrawals(customerId: number) {
      return db.select().from(orderWithdrawals).where(eq(orderWithdrawals.customerId, customerId));
    },

    /** The reveals and copies of the customer's keys, the oldest first. */
    async keyAccess(customerId: number) {
      return db
        .select()
        .from(keyAccessLog)
        .where(eq(keyAccessLog.customerId, customerId))
        .orderBy(asc(keyAccessLog.at), asc(keyAccessLog.id));
    },

    async lockCustomer(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).for('update');
      return row;
    },

    /**
     * Anonymises a customer in every table that holds their personal data; orders, their lines and the
     * invoices (which keep the snapshot accounting law requires) stay. Sessions and rate-limit counters
     * are ended through the session store, in the same transaction.
     */
    async anonymise(customerId: number, email: string, passwordHash: string, at: Date): Promise<void> {
      const placeholder = `erased-${customerId}@erased.invalid`;
      await db
        .update(customers)
        .set({
          email: placeholder,
          fullName: 'Erased customer',
          phone: null,
          countryId: null,
          bio: '',
          passwordHash,
          emailVerified: false,
          suspended: true,
          backofficePartnerId: null,
        })
        .where(eq(customers.id, customerId));
      await db.delete(authTokens).where(eq(authTokens.customerId, customerId));
      await db.delete(mailOutbox).where(eq(mailOutbox.toAddress, email));
      await db
        .update(orderConsents)
        .set({ ip: null, userAgent: null })
        .where(eq(orderConsents.customerId, customerId));
      // The access log loses what identifies the person (who, address, browser) but keeps when each key
      // was shown or copied: the order stays for the retention period and its payment can still be
      // disputed, and that a delivered key was used is the order's record, not the person's. The rows go
      // with the order when retention deletes it.
      await db
        .update(keyAccessLog)
        .set({ customerId: null, ip: null, userAgent: null })
        .where(eq(keyAccessLog.customerId, customerId));
      await db
        .update(localPaymentSessions)
        .set({ customerEmail: placeholder })
        .where(
          inArray(
            localPaymentSessions.orderId,
            db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId)),
          ),
        );
      await db.delete(orders).where(and(eq(orders.customerId, customerId), eq(orders.status, 'draft')));
      await db.insert(customerErasures).values({ customerId, at }).onConflictDoNothing();
    },

    /** Invoices and credit notes past their retention day (the trigger allows only those). */
    async deleteExpiredInvoices(): Promise<number> {
      const gone = await db
        .delete(invoices)
        .where(lt(invoices.retainUntil, sql`current_date`))
        .returning({ id: invoices.id });
      return gone.length;
    },

    /**
     * Orders of erased customers that no invoice needs any more: unpaid ones at once, others once they
     * are older than `cutoff` (the start of the oldest financial year still kept). Their used keys go too.
     */
    async deleteUnneededOrdersOfErased(cutoff: Date): Promise<number> {
      const candidates = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(customerErasures, eq(customerErasures.customerId, orders.customerId))
        .where(
          and(
            notExists(db.select({ one: sql`1` }).from(invoices).where(eq(invoices.orderId, orders.id))),
            or(
              inArray(orders.status, ['draft', 'expired', 'cancelled', 'pending_payment']),
              lt(orders.createdAt, cutoff),
            ),
          ),
        );
      const ids = candidates.map((c) => c.id);
      if (ids.length === 0) return 0;
      await db
        .update(gameKeys)
        .set({ status: 'available', orderId: null, orderLineId: null, reservedUntil: null })
        .where(and(inArray(gameKeys.orderId, ids), eq(gameKeys.status, 'reserved')));
      await db.delete(gameKeys).where(inArray(gameKeys.orderId, ids));
      await db.delete(orderCancellations).where(inArray(orderCancellations.orderId, ids));
      await db.delete(orders).where(inArray(orders.id, ids));
      return ids.length;
    },

    /** Erased customers with no order and no invoice left. */
    async emptyErasedCustomers(): Promise<number[]> {
      const rows = await db
        .select({ id: customerErasures.customerId })
        .from(customerErasures)
        .where(
          and(
            notExists(
              db
                .select({ one: sql`1` })
                .from(orders)
                .where(eq(orders.customerId, customerErasures.customerId)),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(invoices)
                .where(eq(invoices.customerId, customerErasures.customerId)),
            ),
          ),
        );
      return rows.map((r) => r.id);
    },

    async deleteCustomer(customerId: number): Promise<void> {
      await db.delete(customers).where(eq(customers.id, customerId));
    },
  };
}
