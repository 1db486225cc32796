import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRiskAssessments, paymentFailures } from '../../src/db/schema/index.ts';
import { createRiskRepository } from '../../src/modules/risk/risk.repository.ts';
import { insertCustomer } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/*
 * The velocity counts of a screening are read in one statement: each count must still mean what its
 * signal says — its subject (account, address, card), its window (hour, day), its stage, and "other"
 * accounts leaving the customer out.
 */
describe(`fraud screening's velocity counts (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  it('counts each signal over its own subject, window and stage, and null where there is no subject', async () => {
    const { db } = ctx.dbHandle;
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const me = (await insertCustomer(db)).customer.id;
    const other = (await insertCustomer(db)).customer.id;
    const third = (await insertCustomer(db)).customer.id;
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const card = `card-${now.getTime()}`;
    const assessment = (
      customerId: number,
      stage: 'checkout' | 'payment',
      at: Date,
      extra: { ip?: string; cardFingerprint?: string } = {},
    ) => ({
      customerId,
      stage,
      score: 0,
      tier: 'low' as const,
      signals: {},
      reasons: [],
      assessedAt: at,
      ...extra,
    });
    await db.insert(orderRiskAssessments).values([
      // Mine: two checkouts this hour (one from the address), one earlier today, one two days ago.
      assessment(me, 'checkout', ago(10 * MINUTE), { ip }),
      assessment(me, 'checkout', ago(20 * MINUTE)),
      assessment(me, 'checkout', ago(5 * HOUR)),
      assessment(me, 'checkout', ago(49 * HOUR), { ip }),
      // A payment is not a checkout; it brings my first card today, and a second card yesterday-ish.
      assessment(me, 'payment', ago(30 * MINUTE), { ip, cardFingerprint: card }),
      assessment(me, 'payment', ago(3 * HOUR), { cardFingerprint: `${card}-b` }),
      // Others on the address (one checkout this hour, one today) and on the card (a payment today).
      assessment(other, 'checkout', ago(15 * MINUTE), { ip }),
      assessment(third, 'checkout', ago(6 * HOUR), { ip }),
      assessment(third, 'payment', ago(2 * HOUR), { cardFingerprint: card }),
      assessment(other, 'payment', ago(30 * HOUR), { cardFingerprint: card }),
    ]);
    await db.insert(paymentFailures).values([
      { customerId: me, ip, cardFingerprint: card, reason: 'declined', at: ago(MINUTE) },
      { customerId: me, reason: 'declined', at: ago(2 * HOUR) },
      { customerId: other, ip, reason: 'declined', at: ago(3 * HOUR) },
      { customerId: other, cardFingerprint: card, reason: 'declined', at: ago(25 * HOUR) },
    ]);

    const repo = createRiskRepository(db);
    const query = { customerId: me, hourAgo: ago(HOUR), dayAgo: ago(24 * HOUR) };
    expect(await repo.velocity({ ...query, ip, card })).toEqual({
      accountCheckoutsHour: 2,
      accountCheckoutsDay: 3,
      addressCheckoutsHour: 2,
      addressCheckoutsDay: 3,
      accountFailuresDay: 2,
      addressFailuresDay: 2,
      cardFailuresDay: 1,
      otherAccountsOnAddressDay: 2,
      otherAccountsOnCardDay: 1,
      accountCardsDay: 2,
    });
    // No address counted and no card yet (a checkout): those counts are unknown, not zero.
    expect(await repo.velocity({ ...query, ip: null, card: null })).toEqual({
      accountCheckoutsHour: 2,
      accountCheckoutsDay: 3,
      addressCheckoutsHour: null,
      addressCheckoutsDay: null,
      accountFailuresDay: 2,
      addressFailuresDay: null,
      cardFailuresDay: null,
      otherAccountsOnAddressDay: null,
      otherAccountsOnCardDay: null,
      accountCardsDay: null,
    });
  });
});
