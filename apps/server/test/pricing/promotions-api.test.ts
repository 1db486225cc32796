import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, type Client, call, loginCustomer, visitor } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { DAY, gameOnOwnPlatform, HOUR, ledgerOf, priceOf, storeWithAdmin } from './pricing-helpers.ts';

type Promotion = {
  id: number;
  status: string;
  gamesOnSale: number;
  keysSold: number;
  revenue: number;
  gameTitles: string[];
};

/*
 * The admins' promotions through the API (listPromotions, createPromotion, updatePromotion, endPromotion),
 * what the shop answers while a sale runs (catalogue, detail, getPriceHistory), and what a customer pays,
 * is invoiced and is counted for the promotion.
 */
describe(`promotions through the API (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;

  beforeAll(async () => {
    ({ ctx, admin } = await storeWithAdmin());
  });
  afterAll(async () => ctx?.close());

  const newGame = (priceCents: number, keys = 3) => gameOnOwnPlatform(ctx, priceCents, keys);
  const body = (over: Record<string, unknown>) => ({
    name: 'Autumn sale',
    kind: 'percent',
    percentOff: 20,
    scope: 'games',
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    ...over,
  });
  const create = (over: Record<string, unknown>) =>
    call(ctx.app, admin, 'POST', '/api/admin/promotions', body(over));
  const page = async (filters: Record<string, unknown>, sort?: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/kl_api/catalog_paginated',
        payload: { offset: 0, limit: 48, filters, ...(sort ? { sort } : {}) },
      })
    ).json() as { providerId: string; price_sell_taxed: number; discount_percent: number | null }[];

  it('lowers the price at once, and the shop shows the sale with its reference, percentage and end', async () => {
    const game = await newGame(2000);
    const created = await create({ gameIds: [game.id], percentOff: 25 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'active', gamesOnSale: 1, gameTitles: [game.title] });
    const endsAt = new Date(created.json().endsAt).toISOString();

    expect(await page({ platform: game.platform })).toEqual([
      expect.objectContaining({
        providerId: game.providerId,
        price_sell_taxed: 15,
        price_reference: 20,
        discount_percent: 25,
        sale_ends_at: endsAt,
      }),
    ]);
    const detail = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/checkGameDetail',
      payload: { providerId: game.providerId },
    });
    expect(detail.json().game).toMatchObject({
      price: 15,
      priceReference: 20,
      discountPercent: 25,
      saleEndsAt: endsAt,
    });

    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/kl_api/price_history/${game.providerId}`,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      providerId: game.providerId,
      days: 90,
      current: 15,
      lowest: 15,
      highest: 20,
      reference: 20,
      discountPercent: 25,
      saleEndsAt: endsAt,
    });
    expect(history.json().points.map((p: { price: number; onSale: boolean }) => [p.price, p.onSale])).toEqual(
      [
        [20, false],
        [15, true],
      ],
    );
    expect((await ledgerOf(ctx, game.id)).at(-1)).toMatchObject({ cause: 'promotion', price_cents: 1500 });
  });

  it('filters the games on sale and sorts them by discount', async () => {
    const small = await newGame(1000);
    const big = await newGame(1000);
    const none = await newGame(1000);
    expect((await create({ gameIds: [small.id], percentOff: 10 })).statusCode).toBe(201);
    expect((await create({ gameIds: [big.id], percentOff: 40 })).statusCode).toBe(201);
    const onSale = await page({ onSale: true }, 'discount_desc');
    const ids = onSale.map((g) => g.providerId);
    expect(ids.indexOf(big.providerId)).toBeLessThan(ids.indexOf(small.providerId));
    expect(ids).not.toContain(none.providerId);
    expect(onSale.every((g) => (g.discount_percent ?? 0) >= 1)).toBe(true);
  });

  it('charges the sale price, shows the discount on the invoice and counts the sale for the promotion', async () => {
    const game = await newGame(2000);
    const promotion = (await create({ gameIds: [game.id], percentOff: 15 })).json() as Promotion;
    const customer = (await loginCustomer(ctx)).client;
    const { orderId } = await buy(ctx, customer, [{ productId: game.productId, quantity: 2 }]);

    const [line] = await queryRows<{
      unit_price_cents: number;
      list_price_cents: number;
      promotion_id: number;
    }>(
      ctx.dbHandle,
      sql`select unit_price_cents, list_price_cents, promotion_id from order_lines where order_id = ${orderId}`,
    );
    expect(line).toEqual({ unit_price_cents: 1700, list_price_cents: 2000, promotion_id: promotion.id });
    const [invoice] = await queryRows<{
      lines: { unitPriceCents: number; regularUnitPriceCents?: number; totalCents: number }[];
      total_cents: number;
    }>(
      ctx.dbHandle,
      sql`select lines, total_cents from invoices where order_id = ${orderId} and kind = 'invoice'`,
    );
    expect(invoice?.lines[0]).toMatchObject({
      unitPriceCents: 1700,
      regularUnitPriceCents: 2000,
      totalCents: 3400,
    });
    expect(invoice?.total_cents).toBe(3400);

    const listed = (await call(ctx.app, admin, 'GET', '/api/admin/promotions')).json() as {
      items: Promotion[];
    };
    expect(listed.items.find((p) => p.id === promotion.id)).toMatchObject({ keysSold: 2, revenue: 34 });
  });

  it('changes a promotion only before it starts, ends it early, and audits each step', async () => {
    const game = await newGame(3000);
    const later = await create({
      gameIds: [game.id],
      startsAt: new Date(Date.now() + DAY).toISOString(),
      endsAt: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    expect(later.json().status).toBe('scheduled');
    const id = later.json().id as number;
    const changed = await call(
      ctx.app,
      admin,
      'PUT',
      `/api/admin/promotions/${id}`,
      body({
        name: 'Moved sale',
        gameIds: [game.id],
        kind: 'fixed_price',
        percentOff: null,
        fixedPrice: 19.99,
        startsAt: new Date(Date.now() - HOUR).toISOString(),
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Moved sale', status: 'active', fixedPrice: 19.99 });
    expect((await priceOf(ctx, game.id)).price_cents).toBe(1999);

    const again = await call(
      ctx.app,
      admin,
      'PUT',
      `/api/admin/promotions/${id}`,
      body({ gameIds: [game.id] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('PROMOTION_NOT_EDITABLE');

    const ended = await call(ctx.app, admin, 'POST', `/api/admin/promotions/${id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', gamesOnSale: 0 });
    expect(await priceOf(ctx, game.id)).toMatchObject({ price_cents: 3000, sale_promotion_id: null });
    const twice = await call(ctx.app, admin, 'POST', `/api/admin/promotions/${id}/end`);
    expect(twice.json().error).toBe('PROMOTION_ENDED');

    const audit = await queryRows<{ action: string }>(
      ctx.dbHandle,
      sql`select action from admin_audit where target_type = 'promotion' and target_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.update', 'promotion.end']);
  });

  it('refuses what cannot be a promotion with the field named, and writes nothing', async () => {
    const game = await newGame(1000);
    const before = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from promotions`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ gameIds: [game.id], endsAt: new Date(Date.now() - DAY).toISOString() }, 'endsAt'],
      [{ gameIds: [game.id], endsAt: new Date(Date.now() + 100 * DAY).toISOString() }, 'endsAt'],
      [{ gameIds: [game.id], percentOff: null }, 'percentOff'],
      [{ gameIds: [game.id], percentOff: 95 }, 'percentOff'],
      [{ gameIds: [game.id], kind: 'fixed_price', percentOff: null }, 'fixedPrice'],
      [{ gameIds: [] }, 'gameIds'],
      [{ gameIds: [99_999_999] }, 'gameIds'],
      [{ scope: 'platform', platform: null }, 'platform'],
    ];
    for (const [over, field] of cases) {
      const refused = await create(over);
      expect(refused.statusCode, JSON.stringify(over)).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'VALIDATION_FAILED', field });
    }
    const after = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from promotions`,
    );
    expect(after).toEqual(before);
    expect((await priceOf(ctx, game.id)).price_cents).toBe(1000);
  });

  it('documents the promotion, coupon and price history calls under their operation names', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const named = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    for (const operationId of [
      'listPromotions',
      'createPromotion',
      'updatePromotion',
      'endPromotion',
      'listCoupons',
      'createCoupon',
      'generateCoupons',
      'updateCoupon',
      'endCoupon',
      'applyCoupon',
      'removeCoupon',
      'getPriceHistory',
      'getWishlist',
      'addToWishlist',
      'removeFromWishlist',
      'setWishlistAlert',
      'unsubscribeAlerts',
      'listPasskeys',
      'startPasskeyRegistration',
      'finishPasskeyRegistration',
      'updatePasskey',
      'removePasskey',
      'startPasskeyLogin',
      'finishPasskeyLogin',
    ])
      expect(named).toContain(operationId);
  });

  it('is for admins only; the price history is public but not for hidden games', async () => {
    const customer = (await loginCustomer(ctx)).client;
    expect((await call(ctx.app, customer, 'GET', '/api/admin/promotions')).statusCode).toBe(403);
    expect((await call(ctx.app, visitor(ctx), 'POST', '/api/admin/promotions', body({}))).statusCode).toBe(
      401,
    );
    const hidden = await insertGame(ctx.dbHandle.db, ctx.keyVault, { hidden: true });
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/kl_api/price_history/${hidden.game.providerId}`,
    });
    expect(history.statusCode).toBe(404);
    expect(history.json().error).toBe('NOT_FOUND');
  });

  it('records an admin’s new regular price in the ledger, and keeps a running sale’s percentage on it', async () => {
    const game = await newGame(4000);
    expect((await create({ gameIds: [game.id], percentOff: 50 })).statusCode).toBe(201);
    const edited = await call(ctx.app, admin, 'PATCH', `/api/admin/products/${game.id}`, { price: 30 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().price).toBe(30);
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 1500,
      list_price_cents: 3000,
      sale_reference_cents: 4000,
      discount_percent: 62,
    });
    const last = (await ledgerOf(ctx, game.id)).at(-1);
    expect(last).toMatchObject({ cause: 'admin', price_cents: 1500, list_price_cents: 3000 });
    expect(last?.actor).toMatch(/^admin:\d+$/);
  });
});
