import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPaymentRepository } from '../../src/modules/payments/local-payment.repository.ts';
import { insertGame } from '../factories.ts';
import { deliverEvent, localEvent } from '../helpers/checkout.ts';
import { orderStatus } from '../helpers/order-state.ts';
import { buildStripeTestApp, buyNewGameOnStripe, postStripeEvent } from '../helpers/stripe.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeStripe } from '../payments/fake-stripe-server.ts';
import { buy, call, loginAdmin, loginCustomer } from './admin-helpers.ts';

interface OrderDetail {
  status: string;
  refunds: { refundId: string; amount: number }[];
  disputes: { disputeId: string; status: string; providerStatus: string }[];
}

async function keyStatuses(ctx: TestContext, orderId: number) {
  const rows = await queryRows<{ status: string }>(
    ctx.dbHandle,
    sql`select status from game_keys where order_id = ${orderId} order by id`,
  );
  return rows.map((r) => r.status);
}

async function providerAudit(ctx: TestContext, orderId: number) {
  return queryRows<{
    action: string;
    actor: string;
    admin_id: number | null;
    after: Record<string, unknown>;
  }>(
    ctx.dbHandle,
    sql`select action, actor, admin_id, after from admin_audit
        where target_type = 'order' and target_id = ${String(orderId)} and actor = 'payment_provider' order by id`,
  );
}

describe(`provider refund and dispute events, local provider (${testDbKind})`, () => {
  const secret = randomBytes(24).toString('hex');
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: secret });
  });
  afterAll(async () => ctx?.close());

  async function paidOrder(priceCents: number, quantity: number) {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents }, { keys: quantity });
    const { client } = await loginCustomer(ctx);
    return buy(ctx, client, [{ productId: game.productId, quantity }]);
  }

  const event = (type: string, object: Record<string, unknown>) => localEvent(secret, type, object);

  const refundAtProvider = (sessionId: string, amountCents: number) =>
    createLocalPaymentRepository(ctx.dbHandle.db).insertRefundOrGet({
      id: `re_local_${randomBytes(8).toString('hex')}`,
      sessionId,
      amountCents,
      idempotencyKey: randomBytes(8).toString('hex'),
    });

  const charge = (sessionId: string, amountCents: number, refundedCents: number) => ({
    object: 'charge',
    chargeId: `ch_${sessionId}`,
    paymentId: sessionId,
    amountCents,
    amountRefundedCents: refundedCents,
  });

  it('a full refund at the provider makes the order refunded, revokes its keys, records and audits it', async () => {
    const { orderId, sessionId } = await paidOrder(1500, 2);
    const refund = await refundAtProvider(sessionId, 3000);
    const e = event('charge.refunded', charge(sessionId, 3000, 3000));
    const first = await deliverEvent(ctx.app, 'local', e);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
    expect(await keyStatuses(ctx, orderId)).toEqual(['revoked', 'revoked']);

    const { client: admin } = await loginAdmin(ctx);
    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;
    expect(detail.status).toBe('refunded');
    expect(detail.refunds).toEqual([expect.objectContaining({ refundId: refund.id, amount: 30 })]);
    const audit = await providerAudit(ctx, orderId);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'order.refund.provider', actor: 'payment_provider', admin_id: null }),
    ]);

    // The same event again (a replay) is acknowledged as a duplicate and changes nothing.
    const replay = await deliverEvent(ctx.app, 'local', e);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Another delivery of the same refund under a new event id records nothing twice.
    const again = event('charge.refunded', charge(sessionId, 3000, 3000));
    expect((await deliverEvent(ctx.app, 'local', again)).statusCode).toBe(200);
    expect(await providerAudit(ctx, orderId)).toHaveLength(1);
    const rows = await queryRows(ctx.dbHandle, sql`select * from order_refunds where order_id = ${orderId}`);
    expect(rows).toHaveLength(1);
    // The sale is undone in the books too: one credit note cancels the order's invoice.
    const documents = await queryRows<{ kind: string; credited_invoice_id: number | null; id: number }>(
      ctx.dbHandle,
      sql`select id, kind, credited_invoice_id from invoices where order_id = ${orderId} order by id`,
    );
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(documents[1]?.credited_invoice_id).toBe(documents[0]?.id);
  });

  it('a partial refund is recorded but leaves the order paid; the rest later makes it refunded', async () => {
    const { orderId, sessionId } = await paidOrder(1000, 2);
    await refundAtProvider(sessionId, 500);
    const partial = event('charge.refunded', charge(sessionId, 2000, 500));
    expect((await deliverEvent(ctx.app, 'local', partial)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyStatuses(ctx, orderId)).toEqual(['sold', 'sold']);
    expect((await providerAudit(ctx, orderId)).map((a) => a.action)).toEqual([
      'order.refund.provider.partial',
    ]);

    const { client: admin } = await loginAdmin(ctx);
    const list = (await call(ctx.app, admin, 'GET', `/api/admin/orders?q=${orderId}`)).json() as {
      items: { id: number; refunded: number }[];
    };
    expect(list.items.find((o) => o.id === orderId)?.refunded).toBe(5);

    await refundAtProvider(sessionId, 1500);
    const rest = event('charge.refunded', charge(sessionId, 2000, 2000));
    expect((await deliverEvent(ctx.app, 'local', rest)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
    expect(await keyStatuses(ctx, orderId)).toEqual(['revoked', 'revoked']);
  });

  it('a refund event for an unknown payment is acknowledged and changes nothing', async () => {
    const e = event('charge.refunded', charge('cs_local_unknown', 1000, 1000));
    const response = await deliverEvent(ctx.app, 'local', e);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
  });

  it('a badly signed refund event is refused', async () => {
    const { orderId, sessionId } = await paidOrder(700, 1);
    await refundAtProvider(sessionId, 700);
    const e = localEvent('another-secret-0123456789', 'charge.refunded', charge(sessionId, 700, 700));
    const response = await deliverEvent(ctx.app, 'local', e);
    expect(response.statusCode).toBe(400);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });

  it('records a dispute opened then lost, and a late "created" does not reopen it', async () => {
    const { orderId, sessionId } = await paidOrder(1200, 1);
    const dispute = (status: string) => ({
      object: 'dispute',
      disputeId: 'dp_local_1',
      paymentId: sessionId,
      amountCents: 1200,
      status,
      reason: 'fraudulent',
      createdAt: new Date().toISOString(),
    });
    const opened = event('charge.dispute.created', dispute('needs_response'));
    expect((await deliverEvent(ctx.app, 'local', opened)).statusCode).toBe(200);
    const { client: admin } = await loginAdmin(ctx);
    let detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;
    expect(detail.disputes).toEqual([expect.objectContaining({ disputeId: 'dp_local_1', status: 'open' })]);
    const list = (await call(ctx.app, admin, 'GET', `/api/admin/orders?q=${orderId}`)).json() as {
      items: { id: number; dispute: string | null }[];
    };
    expect(list.items.find((o) => o.id === orderId)?.dispute).toBe('open');

    const lost = event('charge.dispute.closed', dispute('lost'));
    expect((await deliverEvent(ctx.app, 'local', lost)).statusCode).toBe(200);
    const late = event('charge.dispute.created', dispute('needs_response'));
    expect((await deliverEvent(ctx.app, 'local', late)).statusCode).toBe(200);
    detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;
    expect(detail.disputes).toEqual([
      expect.objectContaining({ disputeId: 'dp_local_1', status: 'lost', providerStatus: 'lost' }),
    ]);
    expect((await providerAudit(ctx, orderId)).map((a) => a.action)).toEqual([
      'order.dispute.opened',
      // The store's evidence went to the provider as soon as the dispute opened.
      'order.dispute.evidence',
      'order.dispute.lost',
    ]);
    // The audit trail lists the system entries as the payment provider's.
    const trail = (
      await call(ctx.app, admin, 'GET', '/api/admin/audit?action=order.dispute.lost')
    ).json() as {
      items: { actor: string; adminId: number | null; adminEmail: string | null }[];
    };
    expect(trail.items[0]).toMatchObject({ actor: 'payment_provider', adminId: null, adminEmail: null });
  });
});

describe(`provider refund and dispute events, Stripe stand-in (${testDbKind})`, () => {
  let stripe: FakeStripe;
  let ctx: TestContext;

  beforeAll(async () => {
    ({ stripe, ctx } = await buildStripeTestApp());
  });
  afterAll(async () => ctx?.close());

  const paidOrder = (priceCents: number, quantity: number) =>
    buyNewGameOnStripe(ctx, stripe, { priceCents, quantity });

  it('charge.refunded after a Dashboard refund: partial, then full; replays change nothing', async () => {
    const { orderId, sessionId } = await paidOrder(2000, 1);
    const first = stripe.refundInDashboard(sessionId, 800);
    const partial = stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(sessionId));
    expect((await postStripeEvent(ctx, partial)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');

    const second = stripe.refundInDashboard(sessionId);
    const full = stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(sessionId));
    // Delivered twice, and the older event once more afterwards (out of order).
    expect((await postStripeEvent(ctx, full)).json()).toMatchObject({ duplicate: false });
    expect((await postStripeEvent(ctx, full)).json()).toMatchObject({ duplicate: true });
    expect((await postStripeEvent(ctx, partial)).json()).toMatchObject({
      duplicate: true,
    });
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
    expect(await keyStatuses(ctx, orderId)).toEqual(['revoked']);
    const refunds = await queryRows<{ provider_refund_id: string; amount_cents: number }>(
      ctx.dbHandle,
      sql`select provider_refund_id, amount_cents from order_refunds where order_id = ${orderId} order by amount_cents`,
    );
    expect(refunds).toEqual([
      { provider_refund_id: first.id, amount_cents: 800 },
      { provider_refund_id: second.id, amount_cents: 1200 },
    ]);
    expect((await providerAudit(ctx, orderId)).map((a) => a.action)).toEqual([
      'order.refund.provider.partial',
      'order.refund.provider',
    ]);
  });

  it('the refund event of a fraud cancellation is recorded without changing the cancelled order', async () => {
    const { orderId, sessionId } = await paidOrder(900, 1);
    const { client: admin } = await loginAdmin(ctx);
    const cancelled = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'stolen card',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const e = stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(sessionId));
    expect((await postStripeEvent(ctx, e)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;
    expect(detail.refunds).toEqual([
      expect.objectContaining({ refundId: (cancelled.json() as { refundId: string }).refundId, amount: 9 }),
    ]);
  });

  it('charge.refunded for a charge the store does not know is acknowledged and ignored', async () => {
    const e = stripe.signedObjectEvent('charge.refunded', {
      id: 'ch_unknown',
      object: 'charge',
      amount: 1000,
      amount_refunded: 1000,
      payment_intent: 'pi_unknown',
      refunded: true,
    });
    const response = await postStripeEvent(ctx, e);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await queryRows(
      ctx.dbHandle,
      sql`select * from order_refunds r join orders o on o.id = r.order_id where o.payment_session_id is null`,
    );
    expect(rows).toHaveLength(0);
  });

  it('charge.dispute.created then charge.dispute.closed (won) are recorded on the order', async () => {
    const { orderId, sessionId } = await paidOrder(1100, 1);
    const created = stripe.signedObjectEvent(
      'charge.dispute.created',
      stripe.disputeOf(sessionId, { id: 'dp_test_1', status: 'needs_response' }),
    );
    expect((await postStripeEvent(ctx, created)).statusCode).toBe(200);
    const closed = stripe.signedObjectEvent(
      'charge.dispute.closed',
      stripe.disputeOf(sessionId, { id: 'dp_test_1', status: 'won' }),
    );
    expect((await postStripeEvent(ctx, closed)).statusCode).toBe(200);
    expect((await postStripeEvent(ctx, closed)).json()).toMatchObject({
      duplicate: true,
    });
    const { client: admin } = await loginAdmin(ctx);
    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;
    expect(detail.status).toBe('paid');
    expect(detail.disputes).toEqual([expect.objectContaining({ disputeId: 'dp_test_1', status: 'won' })]);
    expect((await providerAudit(ctx, orderId)).map((a) => a.action)).toEqual([
      'order.dispute.opened',
      'order.dispute.evidence',
      'order.dispute.won',
    ]);
  });

  it('a charge.dispute.updated that arrives first (its created event lost) records the open dispute', async () => {
    const { orderId, sessionId } = await paidOrder(900, 1);
    const updated = stripe.signedObjectEvent(
      'charge.dispute.updated',
      stripe.disputeOf(sessionId, { id: 'dp_test_updated', status: 'under_review' }),
    );
    expect((await postStripeEvent(ctx, updated)).statusCode).toBe(200);
    const { client: admin } = await loginAdmin(ctx);
    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as OrderDetail;
    expect(detail.disputes).toEqual([
      expect.objectContaining({ disputeId: 'dp_test_updated', status: 'open' }),
    ]);
  });

  it('a stale or badly signed Stripe event is refused', async () => {
    const { orderId, sessionId } = await paidOrder(600, 1);
    stripe.refundInDashboard(sessionId);
    const stale = stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(sessionId), {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await postStripeEvent(ctx, stale)).statusCode).toBe(400);
    const forged = stripe.signedObjectEvent('charge.refunded', stripe.chargeOf(sessionId), {
      secret: 'whsec_forged',
    });
    expect((await postStripeEvent(ctx, forged)).statusCode).toBe(400);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });
});
