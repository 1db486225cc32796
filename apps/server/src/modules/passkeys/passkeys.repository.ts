import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PasskeyCeremony, passkeyChallenges, passkeys } from '../../db/schema/index.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;

/** Passkeys (public keys only) and the challenges of ceremonies under way. */
export function createPasskeysRepository(db: Executor) {
  return {
    async ofCustomer(customerId: number): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.customerId, customerId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    /** The customer's passkeys, locked until the transaction ends. */
    async lockOf(customerId: number): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.customerId, customerId)).for('update');
    },

    async countOf(customerId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.customerId, customerId));
      return row?.n ?? 0;
    },

    async byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    /** Inserts a passkey; undefined when its credential is already registered (to anyone). */
    async insert(values: NewPasskey): Promise<PasskeyRow | undefined> {
      const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
      return row;
    },

    async rename(customerId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.customerId, customerId)))
        .returning();
      return row;
    },

    /** Records a login: the authenticator's new counter and backup state, and when. */
    async markUsed(
      id: number,
      values: { counter: number; backedUp: boolean; deviceType: PasskeyRow['deviceType']; at: Date },
    ): Promise<void> {
      await db
        .update(passkeys)
        .set({
          counter: values.counter,
          backedUp: values.backedUp,
          deviceType: values.deviceType,
          lastUsedAt: values.at,
        })
        .where(eq(passkeys.id, id));
    },

    async remove(customerId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.customerId, customerId)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    async removeAllOf(customerId: number): Promise<number> {
      const rows = await db
        .delete(passkeys)
        .where(eq(passkeys.customerId, customerId))
        .returning({ id: passkeys.id });
      await db.delete(passkeyChallenges).where(eq(passkeyChallenges.customerId, customerId));
      return rows.length;
    },

    /** Stores a new challenge (and drops the expired ones on the way). */
    async insertChallenge(values: typeof passkeyChallenges.$inferInsert, now: Date): Promise<void> {
      await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
      await db.insert(passkeyChallenges).values(values);
    },

    /**
     * Takes a live challenge of a ceremony: it is deleted whatever comes next, so it answers once only
     * (two concurrent answers cannot both take it). Undefined when unknown, used or expired.
     */
    async takeChallenge(challengeHash: string, ceremony: PasskeyCeremony, now: Date) {
      const [row] = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.challengeHash, challengeHash),
            eq(passkeyChallenges.ceremony, ceremony),
            gt(passkeyChallenges.expiresAt, now),
          ),
        )
        .returning({ customerId: passkeyChallenges.customerId, userHandle: passkeyChallenges.userHandle });
      return row;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
