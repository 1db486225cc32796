import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPaymentRepository } from '../../src/modules/payments/local-payment.repository.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { startCheckout } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

describe(`payment reconciliation (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex') });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('fulfils, once, a paid session whose webhook never arrived, and leaves unpaid ones alone', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 4 });
    const checkouts = [];
    for (let i = 0; i < 2; i++) {
      const { client, customer } = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
      await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
      const started = await startCheckout(client);
      expect(started.status).toBe(200);
      checkouts.push({ sessionId: started.sessionId ?? '', email: customer.email });
    }
    const [paid, unpaid] = checkouts;
    // The customer paid, but the store crashed before the event was processed.
    await createLocalPaymentRepository(ctx.dbHandle.db).complete(paid?.sessionId ?? '');

    // Too fresh to be in doubt yet.
    expect(await ctx.app.checkout.reconcilePayments({ settleMs: 60_000 })).toBe(0);
    expect(await ctx.app.checkout.reconcilePayments({ settleMs: 0 })).toBe(1);
    expect(await ctx.app.checkout.reconcilePayments({ settleMs: 0 })).toBe(0);

    const statuses = await queryRows<{ payment_session_id: string; status: string }>(
      ctx.dbHandle,
      sql`select payment_session_id, status from orders where payment_session_id is not null`,
    );
    const bySession = new Map(statuses.map((s) => [s.payment_session_id, s.status]));
    expect(bySession.get(paid?.sessionId ?? '')).toBe('paid');
    expect(bySession.get(unpaid?.sessionId ?? '')).toBe('pending_payment');
    const mails = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from mail_outbox where kind = 'order_keys' and to_address = ${paid?.email ?? ''}`,
    );
    expect(mails[0]?.n).toBe(1);
    await expectInvariants(ctx.dbHandle);
  });
});
