import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderRiskAssessments, paymentFailures } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import type { RiskSignals } from './risk.score.ts';

export type RiskAssessmentRow = typeof orderRiskAssessments.$inferSelect;

/** Who a screening counts for: the account, its address (null: not counted) and card (null: none yet). */
export interface VelocityQuery {
  customerId: number;
  ip: string | null;
  card: string | null;
  hourAgo: Date;
  dayAgo: Date;
}

/** The counts `velocity` reads, named as the risk signals that carry them. */
export type Velocity = Pick<
  RiskSignals,
  | 'accountCheckoutsHour'
  | 'accountCheckoutsDay'
  | 'addressCheckoutsHour'
  | 'addressCheckoutsDay'
  | 'accountFailuresDay'
  | 'addressFailuresDay'
  | 'cardFailuresDay'
  | 'otherAccountsOnAddressDay'
  | 'otherAccountsOnCardDay'
  | 'accountCardsDay'
>;

/** The risk module's own tables: assessments of checkouts and payments, and failed payments. */
export function createRiskRepository(db: Executor) {
  return {
    /**
     * The velocity counts of a screening, in one statement: the account's and the address's checkouts in
     * the last hour and day, failed payments of the account, the address and the card in the last day, and
     * the other accounts seen on the address and on the card. A count whose subject is unknown (no address
     * counted, no card yet) is null.
     */
    async velocity(query: VelocityQuery): Promise<Velocity> {
      const { customerId, ip, card } = query;
      const hour = query.hourAgo.toISOString();
      const day = query.dayAgo.toISOString();
      const a = orderRiskAssessments;
      const f = paymentFailures;
      const count = (what: SQL, table: SQL, where: SQL) =>
        sql`(select ${what}::int from ${table} where ${where})`;
      const checkouts = (who: SQL, since: string) =>
        count(
          sql`count(*)`,
          sql`${a}`,
          sql`${who} and ${a.stage} = 'checkout' and ${a.assessedAt} >= ${since}::timestamptz`,
        );
      const failures = (who: SQL) =>
        count(sql`count(*)`, sql`${f}`, sql`${who} and ${f.at} >= ${day}::timestamptz`);
      const otherAccounts = (who: SQL, stage: SQL) =>
        count(
          sql`count(distinct ${a.customerId})`,
          sql`${a}`,
          sql`${who} and ${a.customerId} <> ${customerId} and ${a.assessedAt} >= ${day}::timestamptz ${stage}`,
        );
      const orNull = (value: unknown, counted: SQL) => (value === null ? sql`null::int` : counted);
      const onCheckout = sql`and ${a.stage} = 'checkout'`;
      const [row] = await rowsOf<Velocity>(
        db,
        sql`select
          ${checkouts(sql`${a.customerId} = ${customerId}`, hour)} as "accountCheckoutsHour",
          ${checkouts(sql`${a.customerId} = ${customerId}`, day)} as "accountCheckoutsDay",
          ${orNull(ip, checkouts(sql`${a.ip} = ${ip}`, hour))} as "addressCheckoutsHour",
          ${orNull(ip, checkouts(sql`${a.ip} = ${ip}`, day))} as "addressCheckoutsDay",
          ${failures(sql`${f.customerId} = ${customerId}`)} as "accountFailuresDay",
          ${orNull(ip, failures(sql`${f.ip} = ${ip}`))} as "addressFailuresDay",
          ${orNull(card, failures(sql`${f.cardFingerprint} = ${card}`))} as "cardFailuresDay",
          ${orNull(ip, otherAccounts(sql`${a.ip} = ${ip}`, onCheckout))} as "otherAccountsOnAddressDay",
          ${orNull(card, otherAccounts(sql`${a.cardFingerprint} = ${card}`, sql``))} as "otherAccountsOnCardDay",
          ${orNull(
            card,
            count(
              sql`count(distinct ${a.cardFingerprint})`,
              sql`${a}`,
              sql`${a.customerId} = ${customerId} and ${a.cardFingerprint} is not null and ${a.assessedAt} >= ${day}::timestamptz`,
            ),
          )} as "accountCardsDay"`,
      );
      if (!row) throw new Error('velocity not read');
      return row;
    },

    async insertFailure(values: typeof paymentFailures.$inferInsert): Promise<void> {
      await db.insert(paymentFailures).values(values);
    },

    async insertAssessment(values: typeof orderRiskAssessments.$inferInsert): Promise<RiskAssessmentRow> {
      const [row] = await db.insert(orderRiskAssessments).values(values).returning();
      if (!row) throw new Error('risk assessment not recorded');
      return row;
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
