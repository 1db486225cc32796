import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localPaymentRefunds } from '../../db/schema/admin.ts';
import { localPaymentSessions } from '../../db/schema/orders.ts';
import { insertOrGet } from '../../db/sql-helpers.ts';

export type LocalSession = typeof localPaymentSessions.$inferSelect;
export type LocalRefund = typeof localPaymentRefunds.$inferSelect;

/** Sessions of the store's own test payment provider. */
export function createLocalPaymentRepository(db: Executor) {
  /** Completes a session that is open and unexpired, with `values`; undefined when it was not open. */
  async function completeOpen(
    id: string,
    values: Partial<typeof localPaymentSessions.$inferInsert>,
  ): Promise<LocalSession | undefined> {
    const [row] = await db
      .update(localPaymentSessions)
      .set({ ...values, status: 'complete' })
      .where(
        and(
          eq(localPaymentSessions.id, id),
          eq(localPaymentSessions.status, 'open'),
          sql`${localPaymentSessions.expiresAt} > now()`,
        ),
      )
      .returning();
    return row;
  }

  return {
    /** Inserts a session, or returns the one already created with the same idempotency key. */
    async insertOrGet(values: typeof localPaymentSessions.$inferInsert): Promise<LocalSession> {
      const row = await insertOrGet(db, localPaymentSessions, 'idempotencyKey', values);
      if (!row) throw new Error('Local payment session missing after insert');
      return row;
    },

    async find(id: string): Promise<LocalSession | undefined> {
      const [row] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, id));
      return row;
    },

    /** Marks an open, unexpired session paid; returns it, or undefined when it was not open. */
    complete(id: string, cardFingerprint: string | null = null): Promise<LocalSession | undefined> {
      return completeOpen(id, { paymentStatus: 'paid', cardFingerprint });
    },

    /**
     * Completes an open session with a delayed method: complete but unpaid until `settlesAt`, when the
     * settlement job pays or fails it as `outcome` says.
     */
    completeDelayed(
      id: string,
      outcome: 'succeeds' | 'fails',
      settlesAt: Date,
    ): Promise<LocalSession | undefined> {
      return completeOpen(id, {
        paymentStatus: 'unpaid',
        paymentMethod: 'bank_transfer',
        settlesAt,
        settlementOutcome: outcome,
      });
    },

    /** Delayed payments whose outcome is due at `now`, oldest first. */
    async dueSettlements(now: Date, limit: number): Promise<LocalSession[]> {
      return db
        .select()
        .from(localPaymentSessions)
        .where(and(isNotNull(localPaymentSessions.settlesAt), lte(localPaymentSessions.settlesAt, now)))
        .orderBy(asc(localPaymentSessions.settlesAt))
        .limit(limit);
    },

    /** Settles a delayed payment once: paid when it succeeds; answers it, or undefined when already settled. */
    async settle(id: string): Promise<LocalSession | undefined> {
      const [row] = await db
        .update(localPaymentSessions)
        .set({
          settlesAt: null,
          paymentStatus: sql`case when ${localPaymentSessions.settlementOutcome} = 'succeeds' then 'paid' else 'unpaid' end`,
        })
        .where(and(eq(localPaymentSessions.id, id), isNotNull(localPaymentSessions.settlesAt)))
        .returning();
      return row;
    },

    /** Records a refund, or returns the one already recorded with the same idempotency key. */
    async insertRefundOrGet(values: typeof localPaymentRefunds.$inferInsert): Promise<LocalRefund> {
      const row = await insertOrGet(db, localPaymentRefunds, 'idempotencyKey', values);
      if (!row) throw new Error('Local refund missing after insert');
      return row;
    },

    async refundsOf(sessionId: string): Promise<LocalRefund[]> {
      return db.select().from(localPaymentRefunds).where(eq(localPaymentRefunds.sessionId, sessionId));
    },

    async expire(id: string): Promise<LocalSession | undefined> {
      const [row] = await db
        .update(localPaymentSessions)
        .set({ status: 'expired' })
        .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')))
        .returning();
      return row;
    },
  };
}

export type LocalPaymentRepository = ReturnType<typeof createLocalPaymentRepository>;
