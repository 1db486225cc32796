import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { adminLoginChallenges, adminTotp } from '../../../db/schema/index.ts';

export type AdminTotpRow = typeof adminTotp.$inferSelect;

/** Admins' TOTP secrets (encrypted) and logins waiting for their code. */
export function createTotpRepository(db: Executor) {
  return {
    async find(customerId: number): Promise<AdminTotpRow | undefined> {
      const [row] = await db.select().from(adminTotp).where(eq(adminTotp.customerId, customerId));
      return row;
    },

    /** Stores a new pending secret (replacing a pending one); never touches an enabled factor. */
    async savePending(customerId: number, secretCiphertext: string): Promise<boolean> {
      const rows = await db
        .insert(adminTotp)
        .values({ customerId, secretCiphertext })
        .onConflictDoUpdate({
          target: adminTotp.customerId,
          set: { secretCiphertext, lastStep: null, createdAt: sql`now()` },
          setWhere: isNull(adminTotp.enabledAt),
        })
        .returning({ id: adminTotp.customerId });
      return rows.length > 0;
    },

    /**
     * Takes time step `step` as used: true when no code of this step (or a later one) was accepted before,
     * so a code works once only, even under concurrent attempts.
     */
    async useStep(customerId: number, step: number, enable?: Date): Promise<boolean> {
      const rows = await db
        .update(adminTotp)
        .set({ lastStep: step, ...(enable ? { enabledAt: enable } : {}) })
        .where(
          and(
            eq(adminTotp.customerId, customerId),
            or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, step)),
          ),
        )
        .returning({ id: adminTotp.customerId });
      return rows.length > 0;
    },

    async remove(customerId: number): Promise<void> {
      await db.delete(adminTotp).where(eq(adminTotp.customerId, customerId));
    },

    async insertChallenge(values: typeof adminLoginChallenges.$inferInsert): Promise<void> {
      await db.delete(adminLoginChallenges).where(lt(adminLoginChallenges.expiresAt, new Date()));
      await db.insert(adminLoginChallenges).values(values);
    },

    /** Counts an attempt on a live challenge and answers it (with the attempts so far), or undefined. */
    async attemptChallenge(tokenHash: string, now: Date) {
      const [row] = await db
        .update(adminLoginChallenges)
        .set({ attempts: sql`${adminLoginChallenges.attempts} + 1` })
        .where(and(eq(adminLoginChallenges.tokenHash, tokenHash), gt(adminLoginChallenges.expiresAt, now)))
        .returning();
      return row;
    },

    async deleteChallenge(tokenHash: string): Promise<void> {
      await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.tokenHash, tokenHash));
    },
  };
}
