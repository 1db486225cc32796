import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClaimsDeps, createClaimsService } from '../../src/modules/claims/index.ts';
import { call, loginAdmin } from '../admin/admin-helpers.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { forgeRows, queryRows, testDbKind } from '../helpers/test-db.ts';
import { buyerOf, historyOf, keyStatuses, outboxKinds } from './claims-helpers.ts';

type AdminClaim = {
  id: number;
  status: string;
  outcome: string | null;
  overdue: boolean;
  available: number;
  refundAmount: number;
  rejectReason: string | null;
  refunded: number | null;
  customer: { email: string; paidOrders: number; recentClaims: number };
  keyAccess: { action: string; ip: string | null }[];
};

describe(`the claims queue: every admin outcome (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>['client'];

  beforeAll(async () => {
    // Claims never replace themselves here: every one waits for an admin.
    ctx = await buildTestApp({
      CLAIM_AUTO_REPLACE_DAYS: '0',
      PUBLIC_URL: 'http://store.test',
      LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789',
    });
    admin = (await loginAdmin(ctx)).client;
  });
  afterAll(async () => ctx?.close());

  /** A paid order and an open claim on its first key. */
  async function claimed(options: Parameters<typeof buyerOf>[1] = {}) {
    const buyer = await buyerOf(ctx, options);
    const response = await buyer.client.post('/api/claims', {
      keyId: buyer.keyIds[0],
      reason: 'already_used',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().status).toBe('open');
    return { ...buyer, claimId: response.json().id as number };
  }
  const resolve = (claimId: number, body: Record<string, unknown>) =>
    call(ctx.app, admin, 'POST', `/api/admin/claims/${claimId}/resolve`, body);
  const queue = async (status = 'open') =>
    (await call(ctx.app, admin, 'GET', `/api/admin/claims?status=${status}`)).json() as {
      items: AdminClaim[];
      overdue: number;
    };

  it('lists an open claim with the buyer’s record and the key’s reveal log; customers get 403', async () => {
    const buyer = await claimed({ spare: 2, title: 'Queue Quest' });
    await buyer.client.post(
      '/api/kl_api/record_key_access',
      { keyId: buyer.keyIds[0], action: 'reveal' },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    const item = (await queue()).items.find((c) => c.id === buyer.claimId);
    expect(item).toMatchObject({
      status: 'open',
      overdue: false,
      available: 2,
      refundAmount: 20,
      customer: { email: buyer.customer.email, paidOrders: 1, recentClaims: 1 },
      keyAccess: [{ action: 'reveal', ip: '203.0.113.9' }],
    });
    expect(await outboxKinds(ctx, buyer.customer.email)).toContain('claim_received');
    const forbidden = await call(ctx.app, buyer.client, 'GET', '/api/admin/claims');
    expect(forbidden.statusCode).toBe(403);
  });

  it('replaces from stock, and says so when there is none', async () => {
    const empty = await claimed({ title: 'No Stock Story' });
    const none = await resolve(empty.claimId, { action: 'replace' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('NO_REPLACEMENT_KEY');

    const buyer = await claimed({ spare: 1, title: 'Stocked Story' });
    const done = await resolve(buyer.claimId, { action: 'replace' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'replaced', outcome: 'replaced' });
    const statuses = (await keyStatuses(ctx, buyer.game.id)).map((k) => k.status);
    expect(statuses).toEqual(['defective', 'sold']);
    expect(await outboxKinds(ctx, buyer.customer.email)).toContain('claim_replaced');
    // A claim is resolved once.
    const twice = await resolve(buyer.claimId, { action: 'reject', reason: 'Already replaced' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('CLAIM_NOT_OPEN');
  });

  it('refunds one key to the original payment with a credit note; the net income and a later cancellation count it', async () => {
    const buyer = await claimed({ quantity: 2, priceCents: 2500, title: 'Refund Rhapsody' });
    const grossBefore = (await call(ctx.app, admin, 'GET', '/api/admin/dashboard')).json().totals.gross;
    const refunded = await resolve(buyer.claimId, { action: 'refund' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', outcome: 'refunded', refunded: 25 });

    const [session] = await queryRows<{ payment_session_id: string; status: string }>(
      ctx.dbHandle,
      sql`select payment_session_id, status from orders where id = ${buyer.orderId}`,
    );
    expect(session?.status).toBe('paid');
    const refunds = () =>
      queryRows<{ amount_cents: number }>(
        ctx.dbHandle,
        sql`select amount_cents from local_payment_refunds where session_id = ${session?.payment_session_id} order by created_at`,
      );
    expect(await refunds()).toEqual([{ amount_cents: 2500 }]);
    const notes = () =>
      queryRows<{ total_cents: number; credit_reference: string | null }>(
        ctx.dbHandle,
        sql`select total_cents, credit_reference from invoices where order_id = ${buyer.orderId} and kind = 'credit_note' order by id`,
      );
    expect(await notes()).toEqual([{ total_cents: -2500, credit_reference: `claim:${buyer.claimId}` }]);
    expect(await outboxKinds(ctx, buyer.customer.email)).toContain('claim_refunded');
    // The OSS report of the quarter counts the credit note: its Estonian row equals the documents' sum.
    const now = new Date();
    const month = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Tallinn', month: 'numeric' }).format(now),
    );
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Tallinn', year: 'numeric' }).format(now),
    );
    const csv = (
      await call(ctx.app, admin, 'GET', `/api/admin/reports/oss?year=${year}&quarter=${Math.ceil(month / 3)}`)
    ).body;
    const estonia = csv
      .split('\r\n')
      .find((line) => line.startsWith('EE,'))
      ?.split(',');
    const [documents] = await queryRows<{ net: number; n: number }>(
      ctx.dbHandle,
      sql`select sum(net_cents)::int as net, count(*)::int as n from invoices where customer_country = 'EE'`,
    );
    expect(Math.round(Number(estonia?.[2]) * 100)).toBe(documents?.net);
    expect(Number(estonia?.[4])).toBe(documents?.n);
    const grossAfter = (await call(ctx.app, admin, 'GET', '/api/admin/dashboard')).json().totals.gross;
    expect(Math.round((grossBefore - grossAfter) * 100)).toBe(2500);
    // The history shows the refund; the refunded key is not shown as still to come.
    const order = (await historyOf(buyer.client)).find((o) => o.id === buyer.orderId) as Record<
      string,
      unknown
    >;
    expect(order.claims).toEqual([expect.objectContaining({ status: 'refunded', refunded: 25 })]);
    expect(order.pending_items).toEqual([]);

    // A fraud cancellation afterwards refunds and credits only what is left.
    const cancel = await call(ctx.app, admin, 'POST', `/api/admin/orders/${buyer.orderId}/cancel`, {
      reason: 'fraud',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await refunds()).toEqual([{ amount_cents: 2500 }, { amount_cents: 2500 }]);
    expect(await notes()).toEqual([
      { total_cents: -2500, credit_reference: `claim:${buyer.claimId}` },
      { total_cents: -2500, credit_reference: null },
    ]);
  });

  it('refunding the only key of an order refunds the order', async () => {
    const buyer = await claimed({ title: 'Single Key Sonata' });
    expect((await resolve(buyer.claimId, { action: 'refund' })).statusCode).toBe(200);
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${buyer.orderId}`,
    );
    expect(order?.status).toBe('refunded');
  });

  it('rejects with a written reason the customer reads; a reason is required', async () => {
    const buyer = await claimed({ title: 'Reject Requiem' });
    expect((await resolve(buyer.claimId, { action: 'reject' })).statusCode).toBe(400);
    const rejected = await resolve(buyer.claimId, {
      action: 'reject',
      reason: 'The key was redeemed on your account on the day of purchase.',
    });
    expect(rejected.statusCode).toBe(200);
    const mine = (await buyer.client.get('/api/claims')).json() as { items: AdminClaim[] };
    expect(mine.items[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'The key was redeemed on your account on the day of purchase.',
    });
    expect(await outboxKinds(ctx, buyer.customer.email)).toContain('claim_rejected');
    // The key stays the customer's.
    expect((await keyStatuses(ctx, buyer.game.id)).map((k) => k.status)).toEqual(['sold']);
  });

  it('flags a claim nobody resolved within the deadline, on the queue and the dashboard', async () => {
    const buyer = await claimed({ title: 'Deadline Dirge' });
    // The rule under a clock moved forward: 71 hours after the claim nothing is late, 73 hours after it is.
    const at = (hours: number) =>
      createClaimsService({
        ...({} as ClaimsDeps),
        db: ctx.dbHandle.db,
        settings: ctx.config.support,
        now: () => new Date(Date.now() + hours * 3600_000),
      }).overdueCount();
    const early = await at(71);
    expect(await at(73)).toBeGreaterThan(early);
    const before = (await call(ctx.app, admin, 'GET', '/api/admin/dashboard')).json().attention;
    expect(before.openClaims).toBeGreaterThan(0);
    // 73 hours later for this claim: past the default 72.
    await forgeRows(
      ctx.dbHandle,
      sql`update key_claims set created_at = now() - interval '73 hours' where id = ${buyer.claimId}`,
    );
    const flagged = await queue();
    expect(flagged.items.find((c) => c.id === buyer.claimId)?.overdue).toBe(true);
    expect(flagged.overdue).toBe(before.overdueClaims + 1);
    const after = (await call(ctx.app, admin, 'GET', '/api/admin/dashboard')).json().attention;
    expect(after.overdueClaims).toBe(before.overdueClaims + 1);
  });
});
