import { and, asc, countDistinct, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderRiskAssessments, paymentFailures } from '../../db/schema/index.ts';

export type RiskAssessmentRow = typeof orderRiskAssessments.$inferSelect;

/** The risk module's own tables: assessments of checkouts and payments, and failed payments. */
export function createRiskRepository(db: Executor) {
  const checkouts = (since: Date) =>
    and(eq(orderRiskAssessments.stage, 'checkout'), gte(orderRiskAssessments.assessedAt, since));

  return {
    async checkoutsOfAccount(customerId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderRiskAssessments)
        .where(and(eq(orderRiskAssessments.customerId, customerId), checkouts(since)));
      return row?.n ?? 0;
    },

    async checkoutsFromAddress(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderRiskAssessments)
        .where(and(eq(orderRiskAssessments.ip, ip), checkouts(since)));
      return row?.n ?? 0;
    },

    /** Other accounts that started a checkout from `ip` since `since`. */
    async otherAccountsOnAddress(ip: string, customerId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(orderRiskAssessments.customerId) })
        .from(orderRiskAssessments)
        .where(
          and(
            eq(orderRiskAssessments.ip, ip),
            ne(orderRiskAssessments.customerId, customerId),
            checkouts(since),
          ),
        );
      return row?.n ?? 0;
    },

    /** Other accounts whose payment used the card since `since`. */
    async otherAccountsOnCard(fingerprint: string, customerId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(orderRiskAssessments.customerId) })
        .from(orderRiskAssessments)
        .where(
          and(
            eq(orderRiskAssessments.cardFingerprint, fingerprint),
            ne(orderRiskAssessments.customerId, customerId),
            gte(orderRiskAssessments.assessedAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /** Distinct cards the account paid or tried to pay with since `since`. */
    async cardsOfAccount(customerId: number, since: Date): Promise<number> {
      const [paid] = await db
        .select({ n: countDistinct(orderRiskAssessments.cardFingerprint) })
        .from(orderRiskAssessments)
        .where(
          and(
            eq(orderRiskAssessments.customerId, customerId),
            isNotNull(orderRiskAssessments.cardFingerprint),
            gte(orderRiskAssessments.assessedAt, since),
          ),
        );
      return paid?.n ?? 0;
    },

    async failures(
      by: { customerId: number } | { ip: string } | { cardFingerprint: string },
      since: Date,
    ): Promise<number> {
      const who =
        'customerId' in by
          ? eq(paymentFailures.customerId, by.customerId)
          : 'ip' in by
            ? eq(paymentFailures.ip, by.ip)
            : eq(paymentFailures.cardFingerprint, by.cardFingerprint);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentFailures)
        .where(and(who, gte(paymentFailures.at, since)));
      return row?.n ?? 0;
    },

    async insertAssessment(values: typeof orderRiskAssessments.$inferInsert): Promise<RiskAssessmentRow> {
      const [row] = await db.insert(orderRiskAssessments).values(values).returning();
      if (!row) throw new Error('risk assessment not recorded');
      return row;
    },

    async insertFailure(values: typeof paymentFailures.$inferInsert): Promise<void> {
      await db.insert(paymentFailures).values(values);
    },

    /** The newest assessment of each order, in one query. */
    async latestAssessmentsOf(orderIds: readonly number[]): Promise<Map<number, RiskAssessmentRow>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([orderRiskAssessments.orderId])
        .from(orderRiskAssessments)
        .where(inArray(orderRiskAssessments.orderId, [...orderIds]))
        .orderBy(
          asc(orderRiskAssessments.orderId),
          desc(orderRiskAssessments.assessedAt),
          desc(orderRiskAssessments.id),
        );
      return new Map(rows.map((row) => [row.orderId ?? 0, row]));
    },

    async assessmentsOf(orderId: number): Promise<RiskAssessmentRow[]> {
      return db
        .select()
        .from(orderRiskAssessments)
        .where(eq(orderRiskAssessments.orderId, orderId))
        .orderBy(asc(orderRiskAssessments.assessedAt), asc(orderRiskAssessments.id));
    },
  };
}
