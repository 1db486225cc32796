import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localDisputeEvidence } from '../../db/schema/orders.ts';

export type LocalDisputeEvidenceRow = typeof localDisputeEvidence.$inferSelect;

/** The evidence submitted to the store's own test payment provider, one submission per dispute. */
export function createLocalDisputeRepository(db: Executor) {
  return {
    /** Stores a dispute's evidence; false (nothing written) when evidence was submitted for it already. */
    async insertEvidence(disputeId: string, evidence: Record<string, unknown>): Promise<boolean> {
      const rows = await db
        .insert(localDisputeEvidence)
        .values({ disputeId, evidence })
        .onConflictDoNothing({ target: localDisputeEvidence.disputeId })
        .returning({ disputeId: localDisputeEvidence.disputeId });
      return rows.length > 0;
    },

    async find(disputeId: string): Promise<LocalDisputeEvidenceRow | undefined> {
      const [row] = await db
        .select()
        .from(localDisputeEvidence)
        .where(eq(localDisputeEvidence.disputeId, disputeId));
      return row;
    },
  };
}

export type LocalDisputeRepository = ReturnType<typeof createLocalDisputeRepository>;
