import { and, asc, eq, gt, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { orderDisputes, orderRefunds } from '../../../db/schema/index.ts';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderDisputeRow = typeof orderDisputes.$inferSelect;

/**
 * While evidence is being sent, a dispute's `evidence` holds this claim instead of the summary: whoever
 * set it sends, anyone else leaves the dispute alone until the claim lapses (its sender died).
 */
export interface EvidenceClaim {
  submitting: string;
  since: string;
}

/** No claim, or one that lapsed before `leaseStart`. */
const claimable = (leaseStart: Date): SQL | undefined =>
  or(
    isNull(orderDisputes.evidence),
    sql`(${orderDisputes.evidence}->>'since')::timestamptz < ${leaseStart.toISOString()}::timestamptz`,
  );
const claimedBy = (token: string) => sql`${orderDisputes.evidence}->>'submitting' = ${token}`;

/** Refunds and disputes the payment provider reported for orders. */
export function createPaymentEventsRepository(db: Executor) {
  return {
    async refundsOf(orderId: number): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.refundedAt), asc(orderRefunds.id));
    },

    /** Records a refund; false when this provider refund id was recorded already. */
    async insertRefund(values: typeof orderRefunds.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(orderRefunds)
        .values(values)
        .onConflictDoNothing({ target: [orderRefunds.provider, orderRefunds.providerRefundId] })
        .returning({ id: orderRefunds.id });
      return rows.length > 0;
    },

    async refundedCents(orderId: number): Promise<number> {
      const [row] = await db
        .select({ total: sum(orderRefunds.amountCents) })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId));
      return Number(row?.total ?? 0);
    },

    async disputesOf(orderId: number): Promise<OrderDisputeRow[]> {
      return db
        .select()
        .from(orderDisputes)
        .where(eq(orderDisputes.orderId, orderId))
        .orderBy(asc(orderDisputes.openedAt), asc(orderDisputes.id));
    },

    async findDispute(provider: string, disputeId: string): Promise<OrderDisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(orderDisputes)
        .where(and(eq(orderDisputes.provider, provider), eq(orderDisputes.providerDisputeId, disputeId)))
        .for('update');
      return row;
    },

    async insertDispute(values: typeof orderDisputes.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(orderDisputes)
        .values(values)
        .onConflictDoNothing({ target: [orderDisputes.provider, orderDisputes.providerDisputeId] })
        .returning({ id: orderDisputes.id });
      return rows.length > 0;
    },

    async updateDispute(id: number, values: Partial<typeof orderDisputes.$inferInsert>): Promise<void> {
      await db.update(orderDisputes).set(values).where(eq(orderDisputes.id, id));
    },

    /** A dispute as it is now, without locking it. */
    async disputeById(id: number): Promise<OrderDisputeRow | undefined> {
      const [row] = await db.select().from(orderDisputes).where(eq(orderDisputes.id, id));
      return row;
    },

    /** A provider's dispute as it is now, without locking it. */
    async disputeByProviderId(provider: string, disputeId: string): Promise<OrderDisputeRow | undefined> {
      const [row] = await db
        .select()
        .from(orderDisputes)
        .where(and(eq(orderDisputes.provider, provider), eq(orderDisputes.providerDisputeId, disputeId)));
      return row;
    },

    /**
     * Claims an open dispute whose evidence was not sent, for one sender: one conditional update, so that of
     * two instances (or a replayed event and the retry job) only one gets it. Undefined when it is sent,
     * closed, or claimed by someone else since `leaseStart`.
     */
    async claimEvidence(
      id: number,
      claim: EvidenceClaim,
      leaseStart: Date,
    ): Promise<OrderDisputeRow | undefined> {
      const [row] = await db
        .update(orderDisputes)
        .set({ evidence: { ...claim } })
        .where(
          and(
            eq(orderDisputes.id, id),
            eq(orderDisputes.status, 'open'),
            isNull(orderDisputes.evidenceSubmittedAt),
            claimable(leaseStart),
          ),
        )
        .returning();
      return row;
    },

    /** The claimed evidence was accepted by the provider: its summary replaces the claim. */
    async recordEvidenceSent(id: number, token: string, at: Date, summary: Record<string, unknown>) {
      const rows = await db
        .update(orderDisputes)
        .set({ evidenceSubmittedAt: at, evidence: summary, evidenceError: null })
        .where(and(eq(orderDisputes.id, id), claimedBy(token)))
        .returning({ id: orderDisputes.id });
      return rows.length > 0;
    },

    /** The claimed evidence was not sent: the claim is given up and the reason kept for the next attempt. */
    async recordEvidenceFailed(id: number, token: string, error: string): Promise<void> {
      await db
        .update(orderDisputes)
        .set({ evidence: null, evidenceError: error.slice(0, 500) })
        .where(and(eq(orderDisputes.id, id), claimedBy(token)));
    },

    /**
     * Open disputes whose evidence is still to send and may still be sent: their deadline has not passed
     * (without one, opened since `openedSince`), and nobody is sending it since `leaseStart`.
     */
    async awaitingEvidence(now: Date, openedSince: Date, leaseStart: Date, limit: number) {
      return db
        .select({ id: orderDisputes.id })
        .from(orderDisputes)
        .where(
          and(
            eq(orderDisputes.status, 'open'),
            isNull(orderDisputes.evidenceSubmittedAt),
            or(
              gt(orderDisputes.evidenceDueBy, now),
              and(isNull(orderDisputes.evidenceDueBy), gt(orderDisputes.openedAt, openedSince)),
            ),
            claimable(leaseStart),
          ),
        )
        .orderBy(asc(orderDisputes.evidenceDueBy), asc(orderDisputes.id))
        .limit(limit);
    },
  };
}
