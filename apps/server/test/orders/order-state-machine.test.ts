import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/db/schema/orders.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { allowedStatusPairs } from '../../src/modules/orders/order-state.ts';
import { createLocalPaymentRepository } from '../../src/modules/payments/local-payment.repository.ts';
import { createEmbeddedSupplier } from '../../src/modules/supplier/embedded.adapter.ts';
import { createSupplierPurchases } from '../../src/modules/supplier/supplier-purchases.service.ts';
import { buy, type Client, call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { payOnHostedPage, postLocalEvent, startCheckout } from '../helpers/checkout.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { forgeRows, queryRows, testDbKind } from '../helpers/test-db.ts';

/**
 * Every state an order can be in, met by every event that can reach it through the store's real code
 * paths (success page, each webhook type, sweeper, reconciliation, admin cancellation, withdrawal, the
 * customer leaving the payment page, the supplier's delivery): the order ends where the state machine
 * says, and a closed order is never delivered again, whatever the provider says of its session.
 */

const WEBHOOK_SECRET = randomBytes(24).toString('hex');
const PRICE_CENTS = 1500;
const QUANTITY = 2;

type Fixture =
  | 'pending_payment'
  | 'expired'
  | 'cancelled_unpaid'
  | 'paid'
  | 'awaiting_keys'
  | 'cancelled_by_admin'
  | 'refunded_by_provider'
  | 'withdrawn'
  | 'held_for_review'
  | 'cancelled_after_review'
  | 'payment_processing'
  | 'payment_failed';

type Event =
  | 'success_page'
  | 'webhook_completed'
  | 'webhook_expired'
  | 'webhook_refunded_in_full'
  | 'webhook_dispute_opened'
  | 'sweeper'
  | 'reconciliation'
  | 'admin_cancel'
  | 'withdrawal'
  | 'customer_leaves_payment_page'
  | 'supplier_delivery'
  | 'review_approve'
  | 'review_reject'
  | 'webhook_completed_unpaid'
  | 'webhook_async_succeeded'
  | 'webhook_async_failed';

interface Expected {
  /** The order's status after the event. */
  status: OrderStatus;
  /** Keys sold to the order after the event (delivered to the customer). */
  sold: number;
  /** The HTTP status of the event's call, where it has one. */
  http?: number;
  /** For the success page: the error code answered. */
  error?: string;
  /** A payment the order never counted was refunded at the provider. */
  refundedAtProvider?: boolean;
}

const unchanged = (status: OrderStatus, sold: number): Expected => ({ status, sold });

/** Where each fixture starts: its status and how many keys it holds as sold. */
const start: Record<Fixture, { status: OrderStatus; sold: number }> = {
  pending_payment: { status: 'pending_payment', sold: 0 },
  expired: { status: 'expired', sold: 0 },
  cancelled_unpaid: { status: 'cancelled', sold: 0 },
  paid: { status: 'paid', sold: QUANTITY },
  awaiting_keys: { status: 'awaiting_keys', sold: 0 },
  cancelled_by_admin: { status: 'cancelled', sold: 0 },
  refunded_by_provider: { status: 'refunded', sold: 0 },
  withdrawn: { status: 'refunded', sold: 0 },
  held_for_review: { status: 'held_for_review', sold: 0 },
  cancelled_after_review: { status: 'cancelled', sold: 0 },
  payment_processing: { status: 'payment_processing', sold: 0 },
  payment_failed: { status: 'cancelled', sold: 0 },
};

const closed = (fixture: Fixture, extra: Partial<Expected> = {}): Expected => ({
  ...unchanged(start[fixture].status, 0),
  ...extra,
});

/** The expected outcome of every (state × event) pair. */
function expected(fixture: Fixture, event: Event): Expected {
  const same = unchanged(start[fixture].status, start[fixture].sold);
  const delivered: Expected = { status: 'paid', sold: QUANTITY };
  // Only a held order has a review to decide.
  if ((event === 'review_approve' || event === 'review_reject') && fixture !== 'held_for_review')
    return { ...same, http: 409, error: 'ORDER_NOT_HELD' };
  // A delayed payment that settles is a payment like any other.
  if (event === 'webhook_async_succeeded') return expected(fixture, 'webhook_completed');
  switch (fixture) {
    case 'pending_payment':
      return (
        (
          {
            success_page: { ...delivered, http: 200 },
            webhook_completed: { ...delivered, http: 200 },
            webhook_expired: { ...unchanged('expired', 0), http: 200 },
            sweeper: unchanged('expired', 0),
            reconciliation: delivered,
            admin_cancel: { ...same, http: 409 },
            withdrawal: { ...same, http: 409 },
            customer_leaves_payment_page: { ...unchanged('cancelled', 0), http: 200 },
            webhook_completed_unpaid: { ...unchanged('payment_processing', 0), http: 200 },
            webhook_async_failed: { ...unchanged('cancelled', 0), http: 200 },
          } as Partial<Record<Event, Expected>>
        )[event] ?? { ...same, http: 200 }
      );
    case 'expired':
      // A late payment for a lapsed reservation is honoured while keys remain: the money arrived.
      return (
        (
          {
            success_page: { ...delivered, http: 200 },
            webhook_completed: { ...delivered, http: 200 },
            admin_cancel: { ...same, http: 409 },
            withdrawal: { ...same, http: 409 },
          } as Partial<Record<Event, Expected>>
        )[event] ?? { ...same, http: 200 }
      );
    case 'payment_processing':
      // Its keys kept while a delayed payment settles: paid, it is delivered; failed or lapsed, released.
      return (
        (
          {
            success_page: { ...delivered, http: 200 },
            webhook_completed: { ...delivered, http: 200 },
            webhook_async_failed: { ...unchanged('cancelled', 0), http: 200 },
            sweeper: unchanged('expired', 0),
            reconciliation: delivered,
            admin_cancel: { ...same, http: 409 },
            withdrawal: { ...same, http: 409 },
          } as Partial<Record<Event, Expected>>
        )[event] ?? { ...same, http: 200 }
      );
    case 'cancelled_unpaid':
    case 'payment_failed':
      // Closed for good: a payment that still arrives is refunded, nothing is delivered.
      return (
        (
          {
            success_page: closed(fixture, { http: 409, error: 'ORDER_CANCELLED', refundedAtProvider: true }),
            webhook_completed: closed(fixture, { http: 200, refundedAtProvider: true }),
            reconciliation: closed(fixture),
            admin_cancel: closed(fixture, { http: 409 }),
            withdrawal: closed(fixture, { http: 409 }),
          } as Partial<Record<Event, Expected>>
        )[event] ?? closed(fixture, { http: 200 })
      );
    case 'paid':
      return (
        (
          {
            webhook_refunded_in_full: { ...unchanged('refunded', 0), http: 200 },
            admin_cancel: { ...unchanged('cancelled', 0), http: 200 },
            withdrawal: { ...same, http: 409 },
          } as Partial<Record<Event, Expected>>
        )[event] ?? { ...same, http: 200 }
      );
    case 'awaiting_keys':
      return (
        (
          {
            webhook_refunded_in_full: { ...unchanged('refunded', 0), http: 200 },
            admin_cancel: { ...same, http: 409 },
            withdrawal: { ...unchanged('refunded', 0), http: 200 },
          } as Partial<Record<Event, Expected>>
        )[event] ?? { ...same, http: 200 }
      );
    case 'held_for_review':
      // Paid, its keys reserved until a person decides: nothing else delivers or releases it.
      return (
        (
          {
            webhook_refunded_in_full: { ...unchanged('refunded', 0), http: 200 },
            admin_cancel: { ...same, http: 409 },
            withdrawal: { ...same, http: 409 },
            review_approve: { ...delivered, http: 200 },
            review_reject: { ...unchanged('cancelled', 0), http: 200, refundedAtProvider: true },
          } as Partial<Record<Event, Expected>>
        )[event] ?? { ...same, http: 200 }
      );
    case 'cancelled_by_admin':
    case 'refunded_by_provider':
    case 'withdrawn':
    case 'cancelled_after_review':
      return (
        (
          {
            success_page: closed(fixture, { http: 409, error: 'ORDER_CANCELLED' }),
            // Cancelling a cancelled order answers the recorded cancellation; withdrawing a withdrawn one too.
            admin_cancel: closed(fixture, {
              http: fixture === 'cancelled_by_admin' || fixture === 'cancelled_after_review' ? 200 : 409,
            }),
            withdrawal: closed(fixture, { http: fixture === 'withdrawn' ? 200 : 409 }),
          } as Partial<Record<Event, Expected>>
        )[event] ?? closed(fixture, { http: 200 })
      );
  }
}

const fixtures: Fixture[] = [
  'pending_payment',
  'payment_processing',
  'payment_failed',
  'expired',
  'cancelled_unpaid',
  'paid',
  'awaiting_keys',
  'cancelled_by_admin',
  'refunded_by_provider',
  'withdrawn',
  'held_for_review',
  'cancelled_after_review',
];
const events: Event[] = [
  'success_page',
  'webhook_completed',
  'webhook_expired',
  'webhook_refunded_in_full',
  'webhook_dispute_opened',
  'sweeper',
  'reconciliation',
  'admin_cancel',
  'withdrawal',
  'customer_leaves_payment_page',
  'supplier_delivery',
  'review_approve',
  'review_reject',
  'webhook_completed_unpaid',
  'webhook_async_succeeded',
  'webhook_async_failed',
];

interface Order {
  orderId: number;
  sessionId: string;
  client: Client;
}

describe(`the order state machine (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;

  beforeAll(async () => {
    ctx = await buildTestApp({
      LOCAL_PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'http://store.test',
    });
    ({ client: admin } = await loginAdmin(ctx));
  });
  afterAll(async () => ctx?.close());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.dbHandle, query);

  async function statusOf(orderId: number): Promise<string | undefined> {
    return (await rows<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]?.status;
  }
  async function soldCount(orderId: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from game_keys where order_id = ${orderId} and status = 'sold'`,
    );
    return row?.n ?? 0;
  }
  async function providerRefunds(sessionId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from local_payment_refunds where session_id = ${sessionId}`,
    );
    return row?.n ?? 0;
  }

  const webhook = (type: string, object: Record<string, unknown>) =>
    postLocalEvent(ctx.app, WEBHOOK_SECRET, type, object);

  const sessionObject = (order: Order, paymentStatus: 'paid' | 'unpaid') => ({
    sessionId: order.sessionId,
    orderId: order.orderId,
    status: paymentStatus === 'paid' ? 'complete' : 'expired',
    paymentStatus,
    amountTotalCents: PRICE_CENTS * QUANTITY,
    currency: 'eur',
  });

  /** The provider takes the payment of the session, whatever the store did with the order meanwhile. */
  async function providerTakesPayment(order: Order): Promise<void> {
    await rows(
      sql`update local_payment_sessions set status = 'complete', payment_status = 'paid' where id = ${order.sessionId}`,
    );
  }

  /** The customer paid with a delayed method: the session completes, its payment not settled yet. */
  async function providerAwaitsSettlement(order: Order): Promise<void> {
    await rows(
      sql`update local_payment_sessions set status = 'complete', payment_status = 'unpaid' where id = ${order.sessionId}`,
    );
  }
  const delayedObject = (order: Order) => ({ ...sessionObject(order, 'unpaid'), status: 'complete' });

  async function started(): Promise<Order> {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { priceCents: PRICE_CENTS },
      { keys: QUANTITY * 2 + 1 },
    );
    const { client } = await loginCustomer(ctx);
    for (let i = 0; i < QUANTITY; i++) {
      const added = await client.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: game.productId,
      });
      expect(added.statusCode).toBe(200);
    }
    const checkout = await startCheckout(client);
    expect(checkout.status).toBe(200);
    return { orderId: Number(checkout.body.order_id), sessionId: checkout.sessionId ?? '', client };
  }

  async function paid(): Promise<Order> {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { priceCents: PRICE_CENTS },
      { keys: QUANTITY * 2 + 1 },
    );
    const { client } = await loginCustomer(ctx);
    const bought = await buy(ctx, client, [{ productId: game.productId, quantity: QUANTITY }]);
    return { ...bought, client };
  }

  /** A paid order held for review: the card's provider reports an elevated risk (modules/risk). */
  async function held(): Promise<Order> {
    const order = await started();
    const response = await payOnHostedPage(ctx.app, order.sessionId, '4000 0000 0000 9235');
    expect(response.statusCode).toBe(303);
    return order;
  }

  /** A paid order whose keys are still awaited from the supplier (that flow is tested on its own). */
  async function awaiting(): Promise<Order> {
    const order = await paid();
    await forgeRows(
      ctx.dbHandle,
      sql`update game_keys set status = 'reserved', sold_at = null, reserved_until = now() + interval '1 day' where order_id = ${order.orderId}`,
      sql`update orders set status = 'awaiting_keys' where id = ${order.orderId}`,
    );
    return order;
  }

  async function refundAllAtProvider(order: Order): Promise<void> {
    await createLocalPaymentRepository(ctx.dbHandle.db).insertRefundOrGet({
      id: `re_local_${randomBytes(8).toString('hex')}`,
      sessionId: order.sessionId,
      amountCents: PRICE_CENTS * QUANTITY,
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    const response = await webhook('charge.refunded', {
      object: 'charge',
      chargeId: `ch_${order.sessionId}`,
      paymentId: order.sessionId,
      amountCents: PRICE_CENTS * QUANTITY,
      amountRefundedCents: PRICE_CENTS * QUANTITY,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function make(fixture: Fixture): Promise<Order> {
    switch (fixture) {
      case 'pending_payment':
        return started();
      case 'expired': {
        const order = await started();
        expect((await webhook('checkout.session.expired', sessionObject(order, 'unpaid'))).statusCode).toBe(
          200,
        );
        return order;
      }
      case 'cancelled_unpaid': {
        const order = await started();
        expect((await order.client.post('/api/kl_api/cancel_checkout')).statusCode).toBe(200);
        return order;
      }
      case 'paid':
        return paid();
      case 'awaiting_keys':
        return awaiting();
      case 'cancelled_by_admin': {
        const order = await paid();
        const response = await call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/cancel`, {
          reason: 'fraud',
        });
        expect(response.statusCode, response.body).toBe(200);
        return order;
      }
      case 'refunded_by_provider': {
        const order = await paid();
        await refundAllAtProvider(order);
        return order;
      }
      case 'held_for_review':
        return held();
      case 'payment_processing': {
        const order = await started();
        await fire('webhook_completed_unpaid', order);
        return order;
      }
      case 'payment_failed': {
        const order = await make('payment_processing');
        await fire('webhook_async_failed', order);
        return order;
      }
      case 'cancelled_after_review': {
        const order = await held();
        const response = await call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/reject`, {
          reason: 'stolen card',
        });
        expect(response.statusCode, response.body).toBe(200);
        return order;
      }
      case 'withdrawn': {
        const order = await awaiting();
        const response = await order.client.post(`/api/orders/${order.orderId}/withdraw`, { confirm: true });
        expect(response.statusCode, response.body).toBe(200);
        return order;
      }
    }
  }

  /** Fires the event through its real code path; answers the HTTP response when there is one. */
  async function fire(
    event: Event,
    order: Order,
  ): Promise<{ statusCode: number; json(): unknown } | undefined> {
    switch (event) {
      case 'success_page':
        await providerTakesPayment(order);
        return order.client.post('/api/kl_api/createOrder', { sessionId: order.sessionId });
      case 'webhook_completed':
        await providerTakesPayment(order);
        return webhook('checkout.session.completed', sessionObject(order, 'paid'));
      case 'webhook_expired':
        return webhook('checkout.session.expired', sessionObject(order, 'unpaid'));
      case 'webhook_refunded_in_full':
        await refundAllAtProvider(order);
        return undefined;
      case 'webhook_dispute_opened':
        return webhook('charge.dispute.created', {
          object: 'dispute',
          disputeId: `dp_${randomBytes(6).toString('hex')}`,
          paymentId: order.sessionId,
          amountCents: PRICE_CENTS * QUANTITY,
          status: 'needs_response',
          reason: 'fraudulent',
          createdAt: new Date().toISOString(),
        });
      case 'sweeper':
        await rows(
          sql`update orders set reserved_until = now() - interval '1 minute' where id = ${order.orderId}`,
        );
        await ctx.app.checkout.sweepLapsed(1_000);
        return undefined;
      case 'reconciliation':
        await providerTakesPayment(order);
        await ctx.app.checkout.reconcilePayments({ settleMs: 0, processingSettleMs: 0, limit: 1_000 });
        return undefined;
      case 'admin_cancel':
        return call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/cancel`, { reason: 'fraud' });
      case 'withdrawal':
        return order.client.post(`/api/orders/${order.orderId}/withdraw`, { confirm: true });
      case 'customer_leaves_payment_page':
        return order.client.post('/api/kl_api/cancel_checkout');
      case 'supplier_delivery':
        await createSupplierPurchases({
          dbHandle: ctx.dbHandle,
          supplier: createEmbeddedSupplier(),
          keyVault: ctx.keyVault,
          mailOutbox: createMailOutbox(ctx.dbHandle.db, ctx.keyVault),
          mailDispatcher: { kick: () => {} } as never,
          publicUrl: 'http://store.test',
          log: ctx.app.log,
        }).deliver(order.orderId);
        return undefined;
      case 'review_approve':
        return call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/approve`);
      case 'review_reject':
        return call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/reject`, { reason: 'fraud' });
      case 'webhook_completed_unpaid':
        await providerAwaitsSettlement(order);
        return webhook('checkout.session.completed', delayedObject(order));
      case 'webhook_async_succeeded':
        await providerTakesPayment(order);
        return webhook('checkout.session.async_payment_succeeded', sessionObject(order, 'paid'));
      case 'webhook_async_failed':
        await providerAwaitsSettlement(order);
        return webhook('checkout.session.async_payment_failed', delayedObject(order));
    }
  }

  it('holds in the database exactly the status changes the code allows', async () => {
    const inDatabase = await rows<{ from_status: string; to_status: string }>(
      sql`select from_status, to_status from order_status_transitions order by from_status, to_status`,
    );
    expect(inDatabase.map((r) => [r.from_status, r.to_status])).toEqual(allowedStatusPairs());
  });

  it('refuses in the database a status change the machine does not allow, and an order created paid', async () => {
    const order = await paid();
    await expect(
      rows(sql`update orders set status = 'pending_payment' where id = ${order.orderId}`),
    ).rejects.toThrow();
    const cancelled = await make('cancelled_by_admin');
    for (const status of ['paid', 'awaiting_keys', 'pending_payment', 'refunded'])
      await expect(
        rows(sql`update orders set status = ${status} where id = ${cancelled.orderId}`),
      ).rejects.toThrow();
    expect(await statusOf(cancelled.orderId)).toBe('cancelled');
    await expect(
      rows(
        sql`insert into orders (customer_id, status) select customer_id, 'paid' from orders where id = ${order.orderId}`,
      ),
    ).rejects.toThrow();
    // A revoked key is never sold again, nor put back on sale.
    for (const status of ['sold', 'available', 'reserved'])
      await expect(
        rows(sql`update game_keys set status = ${status} where order_id = ${cancelled.orderId}`),
      ).rejects.toThrow();
  });

  describe.each(fixtures)('an order %s', (fixture) => {
    it.each(events)('meets %s', async (event) => {
      const order = await make(fixture);
      expect(await statusOf(order.orderId), 'fixture').toBe(start[fixture].status);
      const refundsBefore = await providerRefunds(order.sessionId);
      const want = expected(fixture, event);
      const response = await fire(event, order);
      if (want.http !== undefined && response)
        expect(response.statusCode, JSON.stringify(response.json())).toBe(want.http);
      if (want.error) expect(response?.json()).toMatchObject({ error: want.error });
      expect(await statusOf(order.orderId)).toBe(want.status);
      expect(await soldCount(order.orderId)).toBe(want.sold);
      if (want.refundedAtProvider) expect(await providerRefunds(order.sessionId)).toBe(refundsBefore + 1);
      // Whatever happened, a closed order holds no sold key.
      if (want.status === 'cancelled' || want.status === 'refunded')
        expect(await soldCount(order.orderId)).toBe(0);
    });
  });

  it('tells the customer in their language that a cancelled order is not delivered', async () => {
    const order = await make('cancelled_by_admin');
    const response = await order.client.post(
      '/api/kl_api/createOrder',
      { sessionId: order.sessionId },
      { 'x-ui-language': 'de' },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, error: 'ORDER_CANCELLED' });
    expect((response.json() as { message: string }).message).toMatch(/storniert/);
  });

  it('refunds the late payment of a cancelled checkout once, however often it is replayed', async () => {
    const order = await make('cancelled_unpaid');
    await providerTakesPayment(order);
    for (let i = 0; i < 3; i++) {
      const response = await order.client.post('/api/kl_api/createOrder', { sessionId: order.sessionId });
      expect(response.statusCode).toBe(409);
      expect((await webhook('checkout.session.completed', sessionObject(order, 'paid'))).statusCode).toBe(
        200,
      );
    }
    expect(await providerRefunds(order.sessionId)).toBe(1);
    expect(await statusOf(order.orderId)).toBe('cancelled');
    expect(await soldCount(order.orderId)).toBe(0);
  });

  describe('two events at the same moment', () => {
    it('admin cancellation and a success-page replay: the order ends cancelled with no key sold', async () => {
      const order = await paid();
      const [cancel, replay] = await Promise.all([
        call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/cancel`, { reason: 'fraud' }),
        order.client.post('/api/kl_api/createOrder', { sessionId: order.sessionId }),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect([200, 409]).toContain(replay.statusCode);
      expect(await statusOf(order.orderId)).toBe('cancelled');
      expect(await soldCount(order.orderId)).toBe(0);
      const again = await order.client.post('/api/kl_api/createOrder', { sessionId: order.sessionId });
      expect(again.statusCode).toBe(409);
      expect(await soldCount(order.orderId)).toBe(0);
    });

    it('withdrawal and the provider’s full refund: refunded once, never delivered', async () => {
      const order = await awaiting();
      const [withdrawn] = await Promise.all([
        order.client.post(`/api/orders/${order.orderId}/withdraw`, { confirm: true }),
        refundAllAtProvider(order),
      ]);
      expect([200, 409]).toContain(withdrawn.statusCode);
      expect(await statusOf(order.orderId)).toBe('refunded');
      expect(await soldCount(order.orderId)).toBe(0);
      const [credit] = await rows<{ n: number }>(
        sql`select count(*)::int as n from invoices where order_id = ${order.orderId} and kind = 'credit_note'`,
      );
      expect(credit?.n).toBe(1);
    });

    it('the payment webhook, the success page and the sweeper at once: delivered once', async () => {
      const order = await started();
      await providerTakesPayment(order);
      await rows(
        sql`update orders set reserved_until = now() - interval '1 minute' where id = ${order.orderId}`,
      );
      const [hook, page] = await Promise.all([
        webhook('checkout.session.completed', sessionObject(order, 'paid')),
        order.client.post('/api/kl_api/createOrder', { sessionId: order.sessionId }),
        ctx.app.checkout.sweepLapsed(1_000),
      ]);
      expect(hook.statusCode).toBe(200);
      expect(page.statusCode).toBe(200);
      expect(await statusOf(order.orderId)).toBe('paid');
      expect(await soldCount(order.orderId)).toBe(QUANTITY);
    });

    it('an approval and a rejection of one held order: one decision wins, whole', async () => {
      const order = await held();
      const [approve, reject] = await Promise.all([
        call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/approve`),
        call(ctx.app, admin, 'POST', `/api/admin/orders/${order.orderId}/reject`, { reason: 'fraud' }),
      ]);
      const status = await statusOf(order.orderId);
      if (status === 'paid') {
        expect(approve.statusCode).toBe(200);
        expect(await soldCount(order.orderId)).toBe(QUANTITY);
      } else {
        expect(status).toBe('cancelled');
        expect(reject.statusCode).toBe(200);
        expect(await soldCount(order.orderId)).toBe(0);
      }
      // The other decision found the order decided: refused, and nothing refunded for a delivered order.
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      expect(await providerRefunds(order.sessionId)).toBe(status === 'paid' ? 0 : 1);
    });

    it('the customer leaving the payment page and the payment webhook: one of the two wins, whole', async () => {
      const order = await started();
      await providerTakesPayment(order);
      await Promise.all([
        order.client.post('/api/kl_api/cancel_checkout'),
        webhook('checkout.session.completed', sessionObject(order, 'paid')),
      ]);
      const status = await statusOf(order.orderId);
      // The checkout asks the provider before closing: a paid session is fulfilled, never cancelled.
      expect(status).toBe('paid');
      expect(await soldCount(order.orderId)).toBe(QUANTITY);
    });
  });
});
