import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { buyGift, giftFor, giftInHistory, giftTokensTo, recipient } from '../gifts/gift-helpers.ts';
import { CONSENT, deliverEvent, localEvent } from '../helpers/checkout.ts';
import { buildStripeTestApp, buyNewGameOnStripe, postStripeEvent } from '../helpers/stripe.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';
import { buy, type Client, call, loginAdmin, loginCustomer } from './admin-helpers.ts';

const DAY_MS = 24 * 60 * 60_000;

interface DisputeDetail {
  disputeId: string;
  status: string;
  evidenceDueBy: string | null;
  evidenceSubmittedAt: string | null;
  evidenceError: string | null;
  evidence: {
    customerName: string;
    customerEmail: string;
    customerPurchaseIp: string | null;
    accesses: number;
    accessActivityLog: string;
    uncategorizedText: string;
    invoiceNumber: string | null;
    receipt: boolean;
  } | null;
}

/** The history's key of the order, then two reveals and a copy of it from two addresses. */
async function revealTwiceCopyOnce(client: Client, orderId: number): Promise<number> {
  const history = (await client.post('/api/kl_api/get_completed_orders', {})).json() as {
    id: number;
    items: { key_id?: number }[];
  }[];
  const keyId = history.find((order) => order.id === orderId)?.items[0]?.key_id ?? 0;
  expect(keyId).toBeGreaterThan(0);
  const access = (action: string, ip: string) =>
    client.post('/api/kl_api/record_key_access', { keyId, action }, { 'x-forwarded-for': ip });
  expect((await access('reveal', '203.0.113.7')).statusCode).toBe(200);
  expect((await access('reveal', '198.51.100.23')).statusCode).toBe(200);
  expect((await access('copy', '203.0.113.7')).statusCode).toBe(200);
  return keyId;
}

/** The access log as sent: one line per access, in order, each with its time and address. */
function expectAccessLog(log: string, keyId: number) {
  const lines = log.split('\n');
  expect(lines).toHaveLength(3);
  const stamp = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC';
  expect(lines[0]).toMatch(new RegExp(`^${stamp} — revealed key #${keyId} \\(.+\\) — IP 203\\.0\\.113\\.7`));
  expect(lines[1]).toMatch(
    new RegExp(`^${stamp} — revealed key #${keyId} \\(.+\\) — IP 198\\.51\\.100\\.23`),
  );
  expect(lines[2]).toMatch(new RegExp(`^${stamp} — copied key #${keyId} \\(.+\\) — IP 203\\.0\\.113\\.7`));
}

const evidenceAudit = (ctx: TestContext, orderId: number) =>
  queryRows<{ actor: string; after: Record<string, unknown> }>(
    ctx.dbHandle,
    sql`select actor, after from admin_audit
        where action = 'order.dispute.evidence' and target_id = ${String(orderId)} order by id`,
  );

describe(`dispute evidence with the key access log, local provider (${testDbKind})`, () => {
  const secret = randomBytes(24).toString('hex');
  let ctx: TestContext;
  let admin: Client;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: secret });
    admin = (await loginAdmin(ctx)).client;
  });
  afterAll(async () => ctx?.close());

  async function paidOrder() {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Chargeback Saga' },
      { keys: 1 },
    );
    const shopper = await loginCustomer(ctx, { fullName: 'Dana Disputer' });
    const paid = await buy(ctx, shopper.client, [{ productId: game.productId, quantity: 1 }]);
    return { ...shopper, ...paid };
  }

  const disputeEvent = (
    type: string,
    dispute: { id: string; sessionId: string; status: string; dueBy?: Date },
  ) =>
    localEvent(secret, type, {
      object: 'dispute',
      disputeId: dispute.id,
      paymentId: dispute.sessionId,
      amountCents: 1999,
      status: dispute.status,
      reason: 'fraudulent',
      createdAt: new Date().toISOString(),
      evidenceDueBy: (dispute.dueBy ?? new Date(Date.now() + 7 * DAY_MS)).toISOString(),
    });

  const deliver = (event: { body: string; signature: string }) => deliverEvent(ctx.app, 'local', event);

  const submissions = (disputeId: string) =>
    queryRows<{ evidence: Record<string, unknown> }>(
      ctx.dbHandle,
      sql`select evidence from local_dispute_evidence where dispute_id = ${disputeId}`,
    );

  const disputeOf = async (orderId: number) =>
    (
      (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as {
        disputes: DisputeDetail[];
      }
    ).disputes;

  it('a gift: the evidence tells where the keys went, when the link was sent and opened', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Gifted Saga' }, { keys: 1 });
    const buyer = await loginCustomer(ctx, { fullName: 'Gus Giver' });
    const gift = giftFor();
    const { orderId, sessionId } = await buyGift(
      ctx,
      buyer.client,
      [{ productId: game.productId, quantity: 1 }],
      gift,
    );
    await expect.poll(async () => (await giftInHistory(buyer.client, orderId))?.status).toBe('sent');
    const [token] = await giftTokensTo(ctx, gift.recipientEmail);
    expect((await recipient(ctx).open(token ?? '')).statusCode).toBe(200);

    const opened = disputeEvent('charge.dispute.created', {
      id: 'dp_local_gift_1',
      sessionId,
      status: 'needs_response',
    });
    expect((await deliver(opened)).statusCode).toBe(200);
    const [sent] = await submissions('dp_local_gift_1');
    const text = String(sent?.evidence.uncategorizedText);
    expect(text).toContain(
      `The order was a gift: at checkout the buyer asked for the keys to go by e-mail to ${gift.recipientEmail}`,
    );
    expect(text).toMatch(
      /The gift link was sent .+ UTC and opened .+ UTC; the keys were revealed 1 time on the gift page/,
    );
    expect(text).toContain('shown once, on the gift page the buyer had the store send to the recipient');
    expect(text).not.toContain('order history');
    expect(String(sent?.evidence.accessActivityLog).split('\n')).toHaveLength(1);
  });

  it('dispute evidence sent once per dispute with the reveal log', async () => {
    const { client, customer, orderId, sessionId } = await paidOrder();
    const keyId = await revealTwiceCopyOnce(client, orderId);
    const dueBy = new Date(Date.now() + 9 * DAY_MS);
    const opened = disputeEvent('charge.dispute.created', {
      id: 'dp_local_ev_1',
      sessionId,
      status: 'needs_response',
      dueBy,
    });
    // The same dispute under another event id: a redelivery the event log cannot recognise.
    const redelivered = disputeEvent('charge.dispute.created', {
      id: 'dp_local_ev_1',
      sessionId,
      status: 'needs_response',
      dueBy,
    });
    // Delivered twice at once, and once more under the other id, all concurrently; then replayed.
    const answers = await Promise.all([deliver(opened), deliver(opened), deliver(redelivered)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(opened)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(redelivered)).json()).toEqual({ received: true, duplicate: true });

    // One submission reached the provider, and one audit entry records it.
    const sent = await submissions('dp_local_ev_1');
    expect(sent).toHaveLength(1);
    const evidence = sent[0]?.evidence ?? {};
    expectAccessLog(String(evidence.accessActivityLog), keyId);
    const [consent] = await queryRows<{ ip: string | null }>(
      ctx.dbHandle,
      sql`select ip from order_consents where order_id = ${orderId}`,
    );
    const [invoice] = await queryRows<{ number: string }>(
      ctx.dbHandle,
      sql`select number from invoices where order_id = ${orderId} and kind = 'invoice'`,
    );
    expect(evidence).toMatchObject({
      customerName: 'Dana Disputer',
      customerEmail: customer.email,
      customerPurchaseIp: consent?.ip ?? null,
      receipt: { filename: `${invoice?.number}.pdf`, contentType: 'application/pdf' },
    });
    expect((evidence.receipt as { size: number }).size).toBeGreaterThan(1000);
    expect(String(evidence.productDescription)).toContain('1 × Chargeback Saga');
    expect(String(evidence.uncategorizedText)).toContain(`Invoice ${invoice?.number}`);
    expect(String(evidence.uncategorizedText)).toContain(CONSENT.text);
    expect(String(evidence.uncategorizedText)).toMatch(/E-mail with the keys and the invoice queued .+ UTC/);
    expect(String(evidence.uncategorizedText)).toContain('revealed or copied the keys 3 times');

    const audit = await evidenceAudit(ctx, orderId);
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'payment_provider',
        after: expect.objectContaining({ disputeId: 'dp_local_ev_1', accesses: 3, receipt: true }),
      }),
    ]);

    // The admin sees the dispute with its deadline, when the evidence went and what it said.
    const [dispute] = await disputeOf(orderId);
    expect(dispute).toMatchObject({
      disputeId: 'dp_local_ev_1',
      status: 'open',
      evidenceDueBy: dueBy.toISOString(),
      evidenceSubmittedAt: expect.any(String),
      evidenceError: null,
      evidence: {
        customerName: 'Dana Disputer',
        accesses: 3,
        invoiceNumber: invoice?.number,
        receipt: true,
      },
    });
    expectAccessLog(dispute?.evidence?.accessActivityLog ?? '', keyId);
    const list = (await call(ctx.app, admin, 'GET', '/api/admin/disputes')).json() as {
      items: { disputeId: string; evidenceSubmittedAt: string | null }[];
    };
    expect(list.items.find((item) => item.disputeId === 'dp_local_ev_1')?.evidenceSubmittedAt).toBe(
      dispute?.evidenceSubmittedAt,
    );

    // The dispute closes later: nothing is sent again, the outcome shows.
    expect(
      (
        await deliver(
          disputeEvent('charge.dispute.closed', { id: 'dp_local_ev_1', sessionId, status: 'won' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await submissions('dp_local_ev_1')).toHaveLength(1);
    expect(await evidenceAudit(ctx, orderId)).toHaveLength(1);
    expect((await disputeOf(orderId))[0]).toMatchObject({
      status: 'won',
      evidenceSubmittedAt: dispute?.evidenceSubmittedAt,
    });
  });

  it('a "created" racing a "closed": at most one submission, never after the dispute was recorded closed', async () => {
    const { orderId, sessionId } = await paidOrder();
    const dispute = { id: 'dp_local_ev_race', sessionId };
    const answers = await Promise.all([
      deliver(disputeEvent('charge.dispute.created', { ...dispute, status: 'needs_response' })),
      deliver(disputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const sent = await submissions('dp_local_ev_race');
    expect(sent.length).toBeLessThanOrEqual(1);
    expect(await evidenceAudit(ctx, orderId)).toHaveLength(sent.length);
    const [row] = await disputeOf(orderId);
    expect(row?.status).toBe('lost');
    expect(row?.evidenceSubmittedAt !== null).toBe(sent.length === 1);
  });

  it('a failed submission is recorded, then sent by the dispute-evidence job, but not once the deadline passed', async () => {
    const first = await paidOrder();
    const late = await paidOrder();
    // The provider refuses both at first: it holds evidence for them already (under another request).
    for (const id of ['dp_local_ev_retry', 'dp_local_ev_late'])
      await queryRows(
        ctx.dbHandle,
        sql`insert into local_dispute_evidence (dispute_id, evidence) values (${id}, '{"idempotencyKey":"other"}'::jsonb)`,
      );
    await deliver(
      disputeEvent('charge.dispute.created', {
        id: 'dp_local_ev_retry',
        sessionId: first.sessionId,
        status: 'needs_response',
      }),
    );
    await deliver(
      disputeEvent('charge.dispute.created', {
        id: 'dp_local_ev_late',
        sessionId: late.sessionId,
        status: 'needs_response',
        dueBy: new Date(Date.now() + 60_000),
      }),
    );
    const [failed] = await disputeOf(first.orderId);
    expect(failed).toMatchObject({
      status: 'open',
      evidenceSubmittedAt: null,
      evidence: null,
      evidenceError: expect.stringContaining('already submitted'),
    });
    expect(await evidenceAudit(ctx, first.orderId)).toEqual([]);

    // The provider would take them now; the late one's deadline has passed meanwhile.
    await queryRows(
      ctx.dbHandle,
      sql`delete from local_dispute_evidence where dispute_id in ('dp_local_ev_retry', 'dp_local_ev_late')`,
    );
    await queryRows(
      ctx.dbHandle,
      sql`update order_disputes set evidence_due_by = now() - interval '1 minute' where provider_dispute_id = 'dp_local_ev_late'`,
    );
    const job = ctx.app.scheduledJobs.get('dispute-evidence');
    expect(await job?.tick()).toEqual({ ran: true, value: 1 });
    const [retried] = await disputeOf(first.orderId);
    expect(retried).toMatchObject({ evidenceSubmittedAt: expect.any(String), evidenceError: null });
    expect(retried?.evidence?.accesses).toBe(0);
    expect(await evidenceAudit(ctx, first.orderId)).toHaveLength(1);
    expect(await submissions('dp_local_ev_late')).toEqual([]);
    // Nothing is left to send: the next round sends nothing.
    expect(await job?.tick()).toEqual({ ran: true, value: 0 });
    expect(await submissions('dp_local_ev_retry')).toHaveLength(1);
  });
});

describe(`dispute evidence with the key access log, Stripe stand-in (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp());
  });
  afterAll(async () => ctx?.close());

  it('one upload and one submission for a dispute delivered twice at once, with the reveal log and the invoice', async () => {
    const { client, orderId, sessionId } = await buyNewGameOnStripe(ctx, stripe, {
      priceCents: 2500,
      quantity: 1,
    });
    const keyId = await revealTwiceCopyOnce(client, orderId);
    const dueBy = Math.floor(Date.now() / 1000) + 10 * 24 * 3600;
    const opened = stripe.signedObjectEvent(
      'charge.dispute.created',
      stripe.disputeOf(sessionId, { id: 'dp_stripe_ev', status: 'needs_response', dueBy }),
    );
    const again = stripe.signedObjectEvent(
      'charge.dispute.created',
      stripe.disputeOf(sessionId, { id: 'dp_stripe_ev', status: 'needs_response' }),
    );
    const answers = await Promise.all([
      postStripeEvent(ctx, opened),
      postStripeEvent(ctx, opened),
      postStripeEvent(ctx, again),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);

    const calls = stripe.requests.filter(
      (r) => r.method === 'POST' && (r.path === '/v1/files' || r.path === '/v1/disputes/dp_stripe_ev'),
    );
    expect(calls.map((r) => r.path)).toEqual(['/v1/files', '/v1/disputes/dp_stripe_ev']);
    const [file] = [...stripe.files.values()];
    expect(file?.data.subarray(0, 5).toString()).toBe('%PDF-');
    const dispute = stripe.disputes.get('dp_stripe_ev');
    expect(dispute?.status).toBe('under_review');
    expect(dispute?.evidence_details.submission_count).toBe(1);
    expect(dispute?.evidence.receipt).toBe(file?.id);
    expectAccessLog(dispute?.evidence.access_activity_log ?? '', keyId);

    const [row] = await queryRows<{
      evidence_due_by: Date | string;
      evidence_submitted_at: Date | string | null;
    }>(
      ctx.dbHandle,
      sql`select evidence_due_by, evidence_submitted_at from order_disputes where provider_dispute_id = 'dp_stripe_ev'`,
    );
    expect(new Date(row?.evidence_due_by ?? 0).getTime()).toBe(dueBy * 1000);
    expect(row?.evidence_submitted_at).not.toBeNull();
    expect(await evidenceAudit(ctx, orderId)).toHaveLength(1);
  });
});
