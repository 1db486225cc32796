import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localPaymentRefunds } from '../../db/schema/admin.ts';
import { localPaymentSessions } from '../../db/schema/orders.ts';

export type LocalSession = typeof localPaymentSessions.$inferSelect;
export type LocalRefund = typeof localPaymentRefunds.$inferSelect;

/** Sessions of the store's own test payment provider. */
export function createLocalPaymentRepository(db: Executor) {
  return {
    /** Inserts a session, or returns the one already created with the same idempotency key. */
    async insertOrGet(values: typeof localPaymentSessions.$inferInsert): Promise<LocalSession> {
      await db
        .insert(localPaymentSessions)
        .values(values)
        .onConflictDoNothing({ target: localPaymentSessions.idempotencyKey });
      const [row] = await db
        .select()
        .from(localPaymentSessions)
        .where(eq(localPaymentSessions.idempotencyKey, values.idempotencyKey));
      if (!row) throw new Error('Local payment session missing after insert');
      return row;
    },

    async find(id: string): Promise<LocalSession | undefined> {
      const [row] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, id));
      return row;
    },

    /** Marks an open, unexpired session paid; returns it, or undefined when it was not open. */
    async complete(id: string, cardFingerprint: string | null = null): Promise<LocalSession | undefined> {
      const [row] = await db
        .update(localPaymentSessions)
        .set({ status: 'complete', paymentStatus: 'paid', cardFingerprint })
        .where(
          and(
            eq(localPaymentSessions.id, id),
            eq(localPaymentSessions.status, 'open'),
            sql`${localPaymentSessions.expiresAt} > now()`,
          ),
        )
        .returning();
      return row;
    },

    /** Records a refund, or returns the one already recorded with the same idempotency key. */
    async insertRefundOrGet(values: typeof localPaymentRefunds.$inferInsert): Promise<LocalRefund> {
      await db
        .insert(localPaymentRefunds)
        .values(values)
        .onConflictDoNothing({ target: localPaymentRefunds.idempotencyKey });
      const [row] = await db
        .select()
        .from(localPaymentRefunds)
        .where(eq(localPaymentRefunds.idempotencyKey, values.idempotencyKey));
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
