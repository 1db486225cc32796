import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type AuthTokenPurpose,
  authTokens,
  customers,
  rateCounters,
  sessions,
} from '../../db/schema/index.ts';

export interface SessionRow {
  tokenHash: string;
  customerId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  email: string;
  countryId: number | null;
  role: 'user' | 'admin';
  emailVerified: boolean;
  suspended: boolean;
  lang: string;
  fullName: string;
}

/** Sessions, single-use e-mail tokens and rate-limit counters. */
/** The account data a session carries with it (read afresh on every request). */
const sessionCustomerColumns = {
  email: customers.email,
  countryId: customers.countryId,
  role: customers.role,
  emailVerified: customers.emailVerified,
  suspended: customers.suspended,
  lang: customers.lang,
  fullName: customers.fullName,
};

export function createAuthRepository(db: Executor) {
  return {
    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async findSession(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select({
          tokenHash: sessions.tokenHash,
          customerId: sessions.customerId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          ...sessionCustomerColumns,
        })
        .from(sessions)
        .innerJoin(customers, eq(customers.id, sessions.customerId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Ends every session of a customer, except the one given (the caller's own); answers how many ended. */
    async deleteSessionsOf(customerId: number, exceptTokenHash?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          exceptTokenHash
            ? and(eq(sessions.customerId, customerId), ne(sessions.tokenHash, exceptTokenHash))
            : eq(sessions.customerId, customerId),
        )
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },

    /** The account data a session carries (for sessions kept outside the database). */
    async findSessionCustomer(customerId: number) {
      const [row] = await db
        .select(sessionCustomerColumns)
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1);
      return row;
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async insertToken(values: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(values);
    },

    /** Marks a live token used and returns its customer, or undefined when it is unknown, used or expired. */
    async consumeToken(tokenHash: string, purpose: AuthTokenPurpose, now: Date): Promise<number | undefined> {
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now),
          ),
        )
        .returning({ customerId: authTokens.customerId });
      return row?.customerId;
    },

    /** Voids the unused tokens of a purpose, so only the newest link works. */
    async voidTokens(customerId: number, purpose: AuthTokenPurpose, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.customerId, customerId),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
          ),
        );
    },

    /** Adds one to a fixed-window counter and returns the new count. */
    async incrementCounter(key: string, windowStart: Date, expiresAt: Date): Promise<number> {
      const [row] = await db
        .insert(rateCounters)
        .values({ key, windowStart, count: 1, expiresAt })
        .onConflictDoUpdate({
          target: [rateCounters.key, rateCounters.windowStart],
          set: { count: sql`${rateCounters.count} + 1` },
        })
        .returning({ count: rateCounters.count });
      return row?.count ?? 1;
    },

    async readCounter(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .select({ count: rateCounters.count })
        .from(rateCounters)
        .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart)));
      return row?.count ?? 0;
    },

    /** Counters keyed by the subject (`<rule>:<subject>`), compared exactly (no LIKE wildcards). */
    async deleteCountersOf(subject: string): Promise<void> {
      await db
        .delete(rateCounters)
        .where(sql`right(${rateCounters.key}, ${subject.length + 1}) = ${`:${subject}`}`);
    },

    async deleteExpiredCounters(now: Date): Promise<void> {
      await db.delete(rateCounters).where(lt(rateCounters.expiresAt, now));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
