import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { buy, type Client, call, loginAdmin, loginCustomer } from './admin-helpers.ts';

interface Figures {
  sales: number;
  gross: number;
  vat: number;
  net: number;
}
interface Dashboard {
  totals: Figures;
  daily: (Figures & { date: string })[];
  bestSellers: { gameId: number; title: string; keysSold: number; gross: number }[];
  lowStock: { gameId: number; title: string; available: number }[];
  lowStockThreshold: number;
}

describe(`admin dashboard and orders, fraud cancellation on the local provider (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let admin: Client;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox());
    admin = (await loginAdmin(ctx)).client;
  });

  afterAll(async () => ctx?.close());

  const dashboard = async (query = '') =>
    (await call(ctx.app, admin, 'GET', `/api/admin/dashboard${query}`)).json() as Dashboard;
  const paidOrders = async () =>
    queryRows<{ n: number; gross: number; tax: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n, coalesce(sum(amount_total_cents), 0)::int as gross,
                 coalesce(sum(amount_tax_cents), 0)::int as tax from orders where status = 'paid'`,
    );

  it('starts at zero with every day present', async () => {
    const empty = await dashboard('?days=30');
    expect(empty.totals).toEqual({ sales: 0, gross: 0, vat: 0, net: 0 });
    expect(empty.daily).toHaveLength(30);
    expect(empty.daily.every((d) => d.sales === 0 && d.gross === 0)).toBe(true);
    expect(empty.daily.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(empty.bestSellers).toEqual([]);
  });

  it('counts sales, gross, VAT and net from orders paid through the real checkout', async () => {
    const a = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Amber Coast', priceCents: 1999 },
      { keys: 6 },
    );
    const b = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Basalt Run', priceCents: 500 },
      { keys: 2 },
    );
    // Estonia (24 %) and Spain (21 %): two different VAT rates.
    const estonian = await loginCustomer(ctx, { countryId: 64 });
    const spanish = await loginCustomer(ctx, { countryId: 68, lang: 'es' });
    await buy(ctx, estonian.client, [
      { productId: a.game.productId, quantity: 2 },
      { productId: b.game.productId, quantity: 1 },
    ]);
    await buy(ctx, spanish.client, [{ productId: a.game.productId, quantity: 3 }]);
    // An unpaid checkout is not a sale.
    const other = await loginCustomer(ctx);
    await other.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: b.game.productId });
    await other.client.post('/api/create-checkout-session', {
      consent: { text: 'I consent.', timestamp: new Date().toISOString() },
    });

    const customersPage = (
      await call(
        ctx.app,
        admin,
        'GET',
        `/api/admin/customers?q=${encodeURIComponent(estonian.customer.email)}`,
      )
    ).json() as {
      items: { email: string; paidOrders: number }[];
    };
    expect(customersPage.items).toEqual([
      expect.objectContaining({ email: estonian.customer.email, paidOrders: 1 }),
    ]);

    const [truth] = await paidOrders();
    const grossCents = 5 * 1999 + 500;
    expect(truth?.gross).toBe(grossCents);
    const seen = await dashboard('?days=7&lowStock=3');
    expect(seen.totals).toEqual({
      sales: 2,
      gross: grossCents / 100,
      vat: (truth?.tax ?? 0) / 100,
      net: (grossCents - (truth?.tax ?? 0)) / 100,
    });
    expect(seen.totals.vat).toBeGreaterThan(0);
    expect(seen.daily).toHaveLength(7);
    const today = seen.daily.at(-1);
    expect(today).toEqual({ date: new Date().toISOString().slice(0, 10), ...seen.totals });
    expect(seen.daily.slice(0, 6).every((d) => d.sales === 0)).toBe(true);
    expect(seen.bestSellers.slice(0, 2)).toEqual([
      { gameId: a.game.id, title: 'Amber Coast', platform: 'Steam', keysSold: 5, gross: 99.95 },
      { gameId: b.game.id, title: 'Basalt Run', platform: 'Steam', keysSold: 1, gross: 5 },
    ]);
    // Amber Coast has 1 key left, Basalt Run 0 available (1 sold, 1 reserved): both below 3.
    expect(seen.lowStockThreshold).toBe(3);
    expect(seen.lowStock.filter((g) => [a.game.id, b.game.id].includes(g.gameId))).toEqual([
      { gameId: b.game.id, title: 'Basalt Run', platform: 'Steam', available: 0 },
      { gameId: a.game.id, title: 'Amber Coast', platform: 'Steam', available: 1 },
    ]);
  });

  it('lists and finds orders by e-mail, id and date, with the detail of lines, keys, consent and payment', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Cinder Path' }, { keys: 2 });
    const shopper = await loginCustomer(ctx);
    const { orderId, sessionId } = await buy(ctx, shopper.client, [
      { productId: game.productId, quantity: 1 },
    ]);
    const byEmail = (
      await call(ctx.app, admin, 'GET', `/api/admin/orders?q=${encodeURIComponent(shopper.customer.email)}`)
    ).json() as {
      items: { id: number; status: string; email: string; keys: number; total: number }[];
      total: number;
    };
    expect(byEmail.items).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'paid',
        email: shopper.customer.email,
        keys: 1,
        total: 19.99,
      }),
    ]);
    const byId = (await call(ctx.app, admin, 'GET', `/api/admin/orders?q=${orderId}`)).json() as {
      items: { id: number }[];
    };
    expect(byId.items.map((o) => o.id)).toContain(orderId);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = (
      await call(ctx.app, admin, 'GET', `/api/admin/orders?q=${today}&status=paid&limit=100`)
    ).json() as {
      items: { id: number }[];
    };
    expect(byDate.items.map((o) => o.id)).toContain(orderId);
    const before = (await call(ctx.app, admin, 'GET', '/api/admin/orders?to=2000-01-01')).json() as {
      total: number;
    };
    expect(before.total).toBe(0);

    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as {
      status: string;
      lines: { title: string; quantity: number; keys: { masked: string; status: string }[] }[];
      consent: { text: string; ip: string | null } | null;
      payment: { provider: string; sessionId: string };
      customer: { email: string };
    };
    expect(detail).toMatchObject({
      status: 'paid',
      customer: { email: shopper.customer.email },
      payment: { provider: 'local', sessionId },
      lines: [{ title: 'Cinder Path', quantity: 1 }],
    });
    expect(detail.consent?.text).toContain('immediate delivery');
    expect(detail.lines[0]?.keys).toHaveLength(1);
    expect(detail.lines[0]?.keys[0]?.status).toBe('sold');
    expect(detail.lines[0]?.keys[0]?.masked).toMatch(/^•+[A-Z0-9-]{4}$/);
    expect((await call(ctx.app, admin, 'GET', '/api/admin/orders/999999')).statusCode).toBe(404);
  });

  it('cancels a suspected-fraud order: refund on the provider, keys revoked, mail in the customer’s language, audit', async () => {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Drift Signal', priceCents: 3000 },
      { keys: 3 },
    );
    const shopper = await loginCustomer(ctx, { lang: 'es', countryId: 68, fullName: 'Lucía Pérez' });
    const { orderId, sessionId } = await buy(ctx, shopper.client, [
      { productId: game.productId, quantity: 2 },
    ]);
    const history = async () =>
      (await shopper.client.post('/api/kl_api/get_completed_orders', {})).json() as unknown[];
    expect(await history()).toHaveLength(1);
    const salesBefore = (await dashboard()).totals.sales;

    const noReason = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {});
    expect(noReason.json()).toMatchObject({ error: 'VALIDATION_FAILED', field: 'reason' });

    const cancelled = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'Card reported stolen by the bank',
    });
    expect(cancelled.statusCode).toBe(200);
    const result = cancelled.json() as { refundId: string; refunded: number; keysRevoked: number };
    expect(result).toMatchObject({
      orderId,
      status: 'cancelled',
      refunded: 60,
      keysRevoked: 2,
      keysAlreadyDelivered: 2,
      mailQueued: true,
    });
    const refunds = await queryRows<{
      id: string;
      session_id: string;
      amount_cents: number;
      idempotency_key: string;
    }>(ctx.dbHandle, sql`select id, session_id, amount_cents, idempotency_key from local_payment_refunds`);
    expect(refunds).toEqual([
      {
        id: result.refundId,
        session_id: sessionId,
        amount_cents: 6000,
        idempotency_key: `keyland-refund-${orderId}`,
      },
    ]);
    const keys = await queryRows<{ status: string; order_id: number; revoked_at: Date | null }>(
      ctx.dbHandle,
      sql`select status, order_id, revoked_at from game_keys where game_id = ${game.id} order by id`,
    );
    expect(keys.map((k) => k.status)).toEqual(['revoked', 'revoked', 'available']);
    expect(keys.slice(0, 2).every((k) => k.order_id === orderId && k.revoked_at !== null)).toBe(true);
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('cancelled');

    const mail = await inbox.waitFor(
      (m) => m.to.includes(shopper.customer.email) && /cancelado/.test(m.decoded),
    );
    expect(mail.decoded).toContain(`pedido ${orderId}`);
    expect(mail.decoded).toContain('60,00');
    expect(mail.subject).toBe(`Tu pedido ${orderId} de Keyland ha sido cancelado`);
    expect(mail.decoded).not.toContain('Card reported stolen');

    const [audit] = await queryRows<{
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      ctx.dbHandle,
      sql`select action, before, after from admin_audit where action = 'order.cancel' and target_id = ${String(orderId)}`,
    );
    expect(audit?.before).toMatchObject({ status: 'paid', soldKeys: 2 });
    expect(audit?.after).toMatchObject({
      status: 'cancelled',
      reason: 'Card reported stolen by the bank',
      refundId: result.refundId,
      refundedCents: 6000,
      keysAlreadyDelivered: 2,
    });

    // The customer's history no longer shows the order, the dashboard no longer counts it, stock is unchanged.
    expect(await history()).toHaveLength(0);
    expect((await dashboard()).totals.sales).toBe(salesBefore - 1);
    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as {
      status: string;
      cancellation: { reason: string; refundId: string };
      lines: { keys: { status: string }[] }[];
    };
    expect(detail.status).toBe('cancelled');
    expect(detail.cancellation).toMatchObject({
      reason: 'Card reported stolen by the bank',
      refundId: result.refundId,
    });
    expect(detail.lines[0]?.keys.map((k) => k.status)).toEqual(['revoked', 'revoked']);

    // Again: the recorded cancellation, no second refund, mail or audit row.
    const again = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'twice',
    });
    expect(again.json()).toMatchObject({ refundId: result.refundId, mailQueued: false });
    expect(await queryRows(ctx.dbHandle, sql`select id from local_payment_refunds`)).toHaveLength(1);
    expect(
      await queryRows(
        ctx.dbHandle,
        sql`select id from admin_audit where action = 'order.cancel' and target_id = ${String(orderId)}`,
      ),
    ).toHaveLength(1);
  });

  it('refuses to cancel an order that is not paid', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 1 });
    const shopper = await loginCustomer(ctx);
    await shopper.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const started = (
      await shopper.client.post('/api/create-checkout-session', {
        consent: { text: 'I consent.', timestamp: new Date().toISOString() },
      })
    ).json() as { order_id: number };
    const refused = await call(ctx.app, admin, 'POST', `/api/admin/orders/${started.order_id}/cancel`, {
      reason: 'fraud?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ORDER_NOT_CANCELLABLE' });
  });
});
