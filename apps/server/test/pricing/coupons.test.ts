import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, type Client, call, loginCustomer } from '../admin/admin-helpers.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { DAY, gameOnOwnPlatform, storeWithAdmin } from './pricing-helpers.ts';

type Cart = {
  items: { providerId: string; total: number; coupon_discount: number }[];
  amount_untaxed: number;
  amount_tax: number;
  amount_total: number;
  coupon: { code: string; discount: number } | null;
  coupon_removed: { code: string; reason: string } | null;
};

/*
 * Coupons from the admin's code to the customer's invoice: applied to a cart (applyCoupon, removeCoupon),
 * checked again on every change and at checkout, limited per customer and in total — exactly, when many
 * customers race for the last uses — and generated in bulk as single-use codes.
 */
describe(`coupons (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;
  let seq = 0;

  beforeAll(async () => {
    ({ ctx, admin } = await storeWithAdmin());
  });
  afterAll(async () => ctx?.close());

  const newGame = (priceCents: number, keys = 5) => gameOnOwnPlatform(ctx, priceCents, keys);
  const coupon = async (over: Record<string, unknown>) => {
    const response = await call(ctx.app, admin, 'POST', '/api/admin/coupons', {
      name: 'Coupon',
      code: `SAVE${++seq}`,
      kind: 'percent',
      percentOff: 10,
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; code: string };
  };
  const add = async (client: Client, productId: string) =>
    (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: productId })).json() as Cart;
  const apply = (client: Client, code: string) => client.post('/api/kl_api/apply_coupon', { code });
  const cents = (euros: number) => Math.round(euros * 100);

  it('applies to a big enough basket, shows its line and share per game, and the totals still add up', async () => {
    const a = await newGame(1500);
    const b = await newGame(1001);
    const { code } = await coupon({ percentOff: 15, minBasket: 20 });
    const customer = (await loginCustomer(ctx)).client;
    await add(customer, a.productId);
    const small = await apply(customer, code.toLowerCase());
    expect(small.statusCode).toBe(409);
    expect(small.json().error).toBe('COUPON_MIN_BASKET');

    await add(customer, b.productId);
    const applied = await apply(customer, code.toLowerCase());
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = applied.json() as Cart;
    expect(cart.coupon).toMatchObject({ code, discount: 3.75 });
    expect(cart.items.map((i) => [i.total, i.coupon_discount])).toEqual([
      [12.75, 2.25],
      [8.51, 1.5],
    ]);
    expect(cents(cart.amount_total)).toBe(2126);
    expect(cents(cart.amount_untaxed) + cents(cart.amount_tax)).toBe(cents(cart.amount_total));

    // Taking a game out leaves 15.00 €, below the minimum: the coupon goes, and the answer says why.
    const removed = (
      await customer.post('/api/kl_api/remove_order_line', { cws_product_id: b.productId })
    ).json() as Cart;
    expect(removed.coupon).toBeNull();
    expect(removed.coupon_removed).toEqual({ code, reason: 'COUPON_MIN_BASKET' });
    expect(removed.amount_total).toBe(15);
    const later = (await customer.post('/api/kl_api/get_order_cart_items', {})).json() as Cart;
    expect(later.coupon_removed).toBeNull();
  });

  it('charges the discounted total, records the use, shows it on the invoice and counts it for the coupon', async () => {
    const game = await newGame(2000);
    const made = await coupon({ kind: 'amount', percentOff: null, amount: 5 });
    const customer = (await loginCustomer(ctx)).client;
    await add(customer, game.productId);
    await add(customer, game.productId);
    expect((await apply(customer, made.code)).statusCode).toBe(200);
    const { orderId } = await buy(ctx, customer, []);

    const [order] = await queryRows<{ amount_total_cents: number; coupon_code_id: number | null }>(
      ctx.dbHandle,
      sql`select amount_total_cents, coupon_code_id from orders where id = ${orderId}`,
    );
    expect(order?.amount_total_cents).toBe(3500);
    expect(order?.coupon_code_id).not.toBeNull();
    const [line] = await queryRows<{
      total_cents: number;
      coupon_discount_cents: number;
      net_cents: number;
      tax_cents: number;
    }>(
      ctx.dbHandle,
      sql`select total_cents, coupon_discount_cents, net_cents, tax_cents from order_lines where order_id = ${orderId}`,
    );
    expect(line).toMatchObject({ total_cents: 3500, coupon_discount_cents: 500 });
    expect((line?.net_cents ?? 0) + (line?.tax_cents ?? 0)).toBe(3500);
    const [invoice] = await queryRows<{
      lines: { couponDiscountCents?: number; totalCents: number }[];
      total_cents: number;
    }>(
      ctx.dbHandle,
      sql`select lines, total_cents from invoices where order_id = ${orderId} and kind = 'invoice'`,
    );
    expect(invoice?.lines[0]).toMatchObject({ couponDiscountCents: 500, totalCents: 3500 });
    expect(invoice?.total_cents).toBe(3500);

    const listed = (await call(ctx.app, admin, 'GET', '/api/admin/coupons')).json() as {
      items: { id: number; uses: number; discountGiven: number; revenue: number }[];
    };
    expect(listed.items.find((c) => c.id === made.id)).toMatchObject({
      uses: 1,
      discountGiven: 5,
      revenue: 35,
    });
    // The cart no longer holds the used coupon, and one use per customer is the default.
    const cart = (await customer.post('/api/kl_api/get_order_cart_items', {})).json() as Cart;
    expect(cart.coupon).toBeNull();
    await add(customer, game.productId);
    expect((await apply(customer, made.code)).json().error).toBe('COUPON_ALREADY_USED');
  });

  it('refunds what was paid for a sale-priced game bought with a coupon, and credits exactly that', async () => {
    const game = await newGame(3000);
    const sale = await call(ctx.app, admin, 'POST', '/api/admin/promotions', {
      name: 'Half price',
      kind: 'percent',
      percentOff: 50,
      scope: 'games',
      gameIds: [game.id],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
    });
    expect(sale.statusCode).toBe(201);
    const made = await coupon({ kind: 'amount', percentOff: null, amount: 2.5 });
    const customer = (await loginCustomer(ctx)).client;
    await add(customer, game.productId);
    expect((await apply(customer, made.code)).json().amount_total).toBe(12.5);
    const { orderId } = await buy(ctx, customer, []);

    const cancelled = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'Card reported stolen by the bank',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refunded).toBe(12.5);
    const [credit] = await queryRows<{ total_cents: number; lines: { totalCents: number }[] }>(
      ctx.dbHandle,
      sql`select total_cents, lines from invoices where order_id = ${orderId} and kind = 'credit_note'`,
    );
    expect(credit?.total_cents).toBe(-1250);
    const [invoice] = await queryRows<{
      lines: { unitPriceCents: number; regularUnitPriceCents?: number; couponDiscountCents?: number }[];
    }>(ctx.dbHandle, sql`select lines from invoices where order_id = ${orderId} and kind = 'invoice'`);
    expect(invoice?.lines[0]).toMatchObject({
      unitPriceCents: 1500,
      regularUnitPriceCents: 3000,
      couponDiscountCents: 250,
    });
  });

  it('refuses at checkout a coupon that ended meanwhile, takes it off the cart, and the next checkout pays full price', async () => {
    const game = await newGame(1000);
    const made = await coupon({ percentOff: 50 });
    const customer = (await loginCustomer(ctx)).client;
    await add(customer, game.productId);
    expect((await apply(customer, made.code)).json().amount_total).toBe(5);
    expect((await call(ctx.app, admin, 'POST', `/api/admin/coupons/${made.id}/end`)).statusCode).toBe(200);

    const refused = await startCheckout(customer);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('COUPON_EXPIRED');
    const cart = (await customer.post('/api/kl_api/get_order_cart_items', {})).json() as Cart;
    expect(cart.coupon).toBeNull();
    expect(cart.amount_total).toBe(10);
    const started = await startCheckout(customer);
    expect(started.status).toBe(200);
    expect((await payOnHostedPage(ctx.app, started.sessionId ?? '')).statusCode).toBe(303);
    // Each admin action on the coupon is in the audit trail.
    const audit = await queryRows<{ action: string }>(
      ctx.dbHandle,
      sql`select action from admin_audit where target_type = 'coupon' and target_id = ${String(made.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.end']);
  });

  it('generates single-use codes as CSV: each works once, for one customer', async () => {
    const game = await newGame(1000, 10);
    const generated = await call(ctx.app, admin, 'POST', '/api/admin/coupons/generate', {
      name: 'Newsletter',
      kind: 'amount',
      amount: 2,
      endsAt: new Date(Date.now() + DAY).toISOString(),
      count: 5,
      prefix: 'nl',
    });
    expect(generated.statusCode, generated.body).toBe(201);
    expect(generated.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...codes] = generated.body.trim().split('\r\n');
    expect(header).toBe('code');
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^NL[A-Z2-9]{10}$/);

    const first = (await loginCustomer(ctx)).client;
    await add(first, game.productId);
    expect((await apply(first, codes[0] ?? '')).statusCode).toBe(200);
    await buy(ctx, first, []);
    const second = (await loginCustomer(ctx)).client;
    await add(second, game.productId);
    expect((await apply(second, codes[0] ?? '')).json().error).toBe('COUPON_LIMIT_REACHED');
    expect((await apply(second, codes[1] ?? '')).statusCode).toBe(200);
  });

  it('answers unknown codes with 404 and stops guessing after ten wrong ones', async () => {
    const customer = (await loginCustomer(ctx)).client;
    const game = await newGame(1000);
    await add(customer, game.productId);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await apply(customer, `NOPE${i}XYZ`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
    const real = await coupon({});
    expect((await apply(customer, real.code)).statusCode).toBe(429);
  });

  it('gives exactly ten of fifty customers racing for a coupon of ten uses the discount', async () => {
    const game = await newGame(1000, 60);
    const made = await coupon({ percentOff: 20, maxUses: 10 });
    const customers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = (await loginCustomer(ctx)).client;
        await add(client, game.productId);
        expect((await apply(client, made.code)).statusCode).toBe(200);
        return client;
      }),
    );
    const outcomes = await Promise.all(customers.map((client) => startCheckout(client)));
    const won = outcomes.filter((o) => o.status === 200);
    const lost = outcomes.filter((o) => o.status !== 200);
    expect(won).toHaveLength(10);
    expect(lost.map((o) => o.body.error)).toEqual(Array(40).fill('COUPON_LIMIT_REACHED'));
    const [uses] = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${made.id}`,
    );
    expect(uses?.n).toBe(10);
    const totals = await queryRows<{ amount_total_cents: number }>(
      ctx.dbHandle,
      sql`select o.amount_total_cents from orders o join coupon_redemptions r on r.order_id = o.id where r.coupon_id = ${made.id}`,
    );
    expect(totals.every((t) => t.amount_total_cents === 800)).toBe(true);
    // A customer who lost keeps the cart, without the coupon, at the full price.
    const loser = customers[outcomes.findIndex((o) => o.status !== 200)];
    const cart = (await loser?.post('/api/kl_api/get_order_cart_items', {}))?.json() as Cart;
    expect(cart).toMatchObject({ coupon: null, amount_total: 10 });
    expect(cart.items).toHaveLength(1);
  });
});
