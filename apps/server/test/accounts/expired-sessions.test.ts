import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCounters, sessions } from '../../src/db/schema/index.ts';
import { insertCustomer } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

describe(`expired sessions and rate-limit windows are purged (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  it('drops ended sessions and spent counters every hour, and keeps live ones', async () => {
    const db = ctx.dbHandle.db;
    const { customer } = await insertCustomer(db);
    const hour = 60 * 60_000;
    const past = new Date(Date.now() - hour);
    const future = new Date(Date.now() + hour);
    await db.insert(sessions).values([
      { tokenHash: 'ended-session', customerId: customer.id, expiresAt: past },
      { tokenHash: 'live-session', customerId: customer.id, expiresAt: future },
    ]);
    await db.insert(rateCounters).values([
      { key: 'login:spent', windowStart: new Date(Date.now() - 2 * hour), count: 3, expiresAt: past },
      { key: 'login:live', windowStart: new Date(), count: 1, expiresAt: future },
    ]);

    const job = ctx.app.scheduledJobs.get('expired-sessions');
    expect(job).toBeDefined();
    expect(await job?.tick()).toMatchObject({ ran: true });

    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((s) => s.tokenHash)).toEqual(['live-session']);
    const counters = await db.select({ key: rateCounters.key }).from(rateCounters);
    expect(counters.map((c) => c.key)).toEqual(['login:live']);
  });
});
