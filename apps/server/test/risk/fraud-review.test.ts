import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, call, checkoutNewGame, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { type insertCustomer, insertGame } from '../factories.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { keyCounts, orderStatus } from '../helpers/order-state.ts';
import { countQueries } from '../helpers/query-count.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const ELEVATED_CARD = '4000 0000 0000 9235';
const YEAR_AGO = new Date(Date.now() - 365 * 24 * 3600_000);

describe(`fraud screening: tiers, the review queue and its deadline (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let admin: Client;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox({ REVIEW_DEADLINE_HOURS: '24' }));
    admin = (await loginAdmin(ctx)).client;
  });

  afterAll(async () => ctx?.close());

  /** A customer who buys one key of a new game, paying with `card`; answers the order and the success page's answer. */
  async function purchase(options: {
    card?: string;
    customer?: Parameters<typeof insertCustomer>[1];
    price?: number;
  }) {
    const started = await checkoutNewGame(ctx, {
      priceCents: options.price ?? 1_999,
      keys: 2,
      customer: options.customer ?? { createdAt: YEAR_AGO },
    });
    const paid = await payOnHostedPage(ctx.app, started.sessionId, options.card);
    expect(paid.statusCode).toBe(303);
    const success = await started.client.post('/api/kl_api/createOrder', { sessionId: started.sessionId });
    return { ...started, success };
  }

  it('delivers a low-risk order at once, with both assessments recorded', async () => {
    const { orderId, success, game } = await purchase({});
    expect(success.statusCode).toBe(200);
    expect(success.json()).toMatchObject({ success: true, order_id: orderId });
    expect(success.json().data).toHaveLength(1);
    expect(success.json().held).toBeUndefined();
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1, sold: 1 });
    const risk = await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}/risk`);
    expect(risk.statusCode).toBe(200);
    expect(risk.json().assessments.map((a: { stage: string; tier: string }) => [a.stage, a.tier])).toEqual([
      ['checkout', 'low'],
      ['payment', 'low'],
    ]);
  });

  it('asks for 3-D Secure on a medium checkout and delivers once the card holder passed it', async () => {
    // A new, unverified account with a first basket above 150 €: medium at checkout.
    const { orderId, success, sessionId } = await purchase({
      customer: { emailVerified: false },
      price: 16_000,
    });
    const [session] = await queryRows<{ three_d_secure_requested: boolean }>(
      ctx.dbHandle,
      sql`select three_d_secure_requested from local_payment_sessions where id = ${sessionId}`,
    );
    expect(session?.three_d_secure_requested).toBe(true);
    expect(success.statusCode).toBe(200);
    const risk = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}/risk`)).json();
    expect(success.json().data, JSON.stringify(risk)).toHaveLength(1);
    expect(risk.assessments[0]).toMatchObject({
      stage: 'checkout',
      tier: 'medium',
      threeDSecureRequested: true,
    });
    expect(risk.assessments[1].tier).toBe('low');
    expect(risk.assessments[1].reasons.map((r: { code: string }) => r.code)).toContain(
      'three_d_secure_passed',
    );
  });

  it('holds a medium order after payment: keys reserved, not shown or mailed; an admin approves and the keys arrive', async () => {
    const { orderId, success, client, customer, game, sessionId } = await purchase({ card: ELEVATED_CARD });
    expect(success.statusCode).toBe(200);
    expect(success.json()).toMatchObject({ success: true, data: [], held: true, review_hours: 24 });
    expect(await orderStatus(ctx, orderId)).toBe('held_for_review');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1, reserved: 1 });
    // A replay of the success page delivers nothing either.
    const replay = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(replay.json()).toMatchObject({ data: [], held: true });

    const history = (await client.post('/api/kl_api/get_completed_orders', {})).json();
    const held = history.find((o: { id: number }) => o.id === orderId);
    expect(held).toMatchObject({
      status: 'held_for_review',
      review_hours: 24,
      items: [],
      withdrawable: false,
    });
    const heldMail = await inbox.waitFor(
      (m) => m.to.includes(customer.email) && m.subject.includes('being checked'),
    );
    expect(heldMail.decoded).toContain(String(orderId));

    const queue = await call(ctx.app, admin, 'GET', '/api/admin/orders/held');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((o: { id: number }) => o.id === orderId);
    expect(item).toMatchObject({ tier: 'medium', customer: { email: customer.email, paidOrders: 0 } });
    expect(item.reasons.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['provider_elevated', 'card_country_mismatch']),
    );

    const approved = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ orderId, status: 'paid', keysDelivered: 1 });
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1, sold: 1 });
    const keysMail = await inbox.waitFor(
      (m) =>
        m.to.includes(customer.email) &&
        m.subject.includes(String(orderId)) &&
        m !== heldMail &&
        !m.subject.includes('being checked'),
    );
    expect(keysMail.decoded).toContain(String(orderId));
    const after = (await client.post('/api/kl_api/get_completed_orders', {})).json();
    expect(after.find((o: { id: number }) => o.id === orderId)).toMatchObject({ status: 'paid' });
    expect(after.find((o: { id: number }) => o.id === orderId).items).toHaveLength(1);

    // Decided once: a second decision is refused, and the audit names the admin.
    expect((await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/approve`)).json()).toMatchObject(
      { error: 'ORDER_NOT_HELD' },
    );
    expect(
      (await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/reject`, { reason: 'too late' }))
        .statusCode,
    ).toBe(409);
    const audit = await queryRows<{ action: string }>(
      ctx.dbHandle,
      sql`select action from admin_audit where target_type = 'order' and target_id = ${String(orderId)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['order.review.approve']);
  });

  it('cancels a held order on the admin’s decision: refunded, keys back on sale, the customer told, never delivered', async () => {
    const { orderId, client, customer, game, sessionId } = await purchase({ card: ELEVATED_CARD });
    expect(await orderStatus(ctx, orderId)).toBe('held_for_review');
    const rejected = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/reject`, {
      reason: 'Card reported stolen by the bank',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ orderId, status: 'cancelled', keysRevoked: 0, refunded: 19.99 });
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
    const refunds = await queryRows<{ amount_cents: number }>(
      ctx.dbHandle,
      sql`select amount_cents from local_payment_refunds where session_id = ${sessionId}`,
    );
    expect(refunds).toEqual([{ amount_cents: 1_999 }]);
    await inbox.waitFor((m) => m.to.includes(customer.email) && m.subject.includes('cancelled'));
    const replay = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ error: 'ORDER_CANCELLED', data: [] });
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
  });

  it('cancels and refunds a held order nobody reviewed within the deadline, and never delivers it', async () => {
    const { orderId, game, sessionId } = await purchase({ card: ELEVATED_CARD });
    const fresh = await purchase({ card: ELEVATED_CARD });
    // The clock moves past the deadline for the first order only.
    await ctx.dbHandle.db.execute(
      sql`update orders set paid_at = now() - interval '25 hours' where id = ${orderId}`,
    );
    await ctx.app.scheduledJobs.get('review-deadline')?.tick();
    expect(await orderStatus(ctx, orderId)).toBe('cancelled');
    expect(await orderStatus(ctx, fresh.orderId)).toBe('held_for_review');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 2 });
    const refunds = await queryRows(
      ctx.dbHandle,
      sql`select 1 from local_payment_refunds where session_id = ${sessionId}`,
    );
    expect(refunds).toHaveLength(1);
    const audit = await queryRows<{ actor: string; action: string }>(
      ctx.dbHandle,
      sql`select actor, action from admin_audit where target_id = ${String(orderId)}`,
    );
    expect(audit).toEqual([{ actor: 'system', action: 'order.review.cancel' }]);
    // A second round finds nothing more to do.
    await ctx.app.scheduledJobs.get('review-deadline')?.tick();
    expect(
      await queryRows(ctx.dbHandle, sql`select 1 from local_payment_refunds where session_id = ${sessionId}`),
    ).toHaveLength(1);
  });

  it('reads the review queue in the same number of queries however many orders wait', async () => {
    await purchase({ card: ELEVATED_CARD });
    const queue = () => call(ctx.app, admin, 'GET', '/api/admin/orders/held');
    const few = await countQueries(ctx.dbHandle, queue);
    const before = few.result.json().items.length as number;
    await purchase({ card: ELEVATED_CARD });
    await purchase({ card: ELEVATED_CARD });
    const more = await countQueries(ctx.dbHandle, queue);
    expect(more.result.json().items.length).toBe(before + 2);
    expect(more.queries).toBe(few.queries);
  });

  it('refuses a high-risk checkout before any charge or reservation, with the support contact', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 16_000 }, { keys: 1 });
    const { client, customer } = await loginCustomer(ctx, {
      emailVerified: false,
      email: `buyer-${Date.now()}@mailinator.com`,
    });
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const started = await startCheckout(client);
    expect(started.status).toBe(403);
    expect(started.body).toMatchObject({ error: 'CHECKOUT_REFUSED' });
    expect(String(started.body.message)).toContain('http://store.test/contactPage');
    expect(await keyCounts(ctx, game.id)).toEqual({ available: 1 });
    const orders = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where customer_id = ${customer.id}`,
    );
    expect(orders).toEqual([{ status: 'draft' }]);
  });

  it('caps checkouts per account per hour with 429, whatever the score', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 50 });
    const { client } = await loginCustomer(ctx, { createdAt: YEAR_AGO });
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const cap = ctx.config.risk.checkoutsPerAccountHour;
    for (let i = 0; i < cap; i++) expect((await startCheckout(client)).status).toBe(200);
    const over = await startCheckout(client);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'TOO_MANY_ORDERS' });
  });
});
