import { promotionInputSchema } from '@keyland/core/schemas/promotions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import {
  adminActor,
  DAY,
  gameOnOwnPlatform,
  HOUR,
  ledgerOf,
  priceOf,
  promotionsAt,
  setRegularPrice,
} from './pricing-helpers.ts';

/*
 * Promotions start and end on the clock's time (the scheduler's round calls `applyDue`), overlapping ones
 * give the lowest price and never a stack, and the reference price shown beside a sale is the lowest
 * price of the 30 days before the reduction started. The clock is moved by the test; every change lands
 * in the price ledger with the time the clock said.
 */
describe(`promotions on a clock (${testDbKind})`, () => {
  let ctx: TestContext;
  // Well after the games' creation, so the ledger's first entries lie before every instant used here.
  const T0 = new Date(Date.now() + 200 * DAY);
  const at = (ms: number) => new Date(T0.getTime() + ms);
  let actor: Awaited<ReturnType<typeof adminActor>>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    actor = await adminActor(ctx);
  });
  afterAll(async () => ctx?.close());

  const newGame = (priceCents: number) => gameOnOwnPlatform(ctx, priceCents, 1);

  const input = (over: Record<string, unknown>) =>
    promotionInputSchema.parse({ name: 'Sale', kind: 'percent', scope: 'games', ...over });

  it('starts and ends on time, not a round earlier, and the ledger records both moments', async () => {
    const game = await newGame(2000);
    const clock = promotionsAt(ctx, T0);
    const promotion = await clock.service.create(
      actor,
      input({
        percentOff: 25,
        gameIds: [game.id],
        startsAt: at(HOUR).toISOString(),
        endsAt: at(2 * HOUR).toISOString(),
      }),
    );
    expect(promotion.status).toBe('scheduled');
    expect((await priceOf(ctx, game.id)).price_cents).toBe(2000);

    expect(await clock.service.applyDue(at(HOUR - 1))).toBe(0);
    expect((await priceOf(ctx, game.id)).price_cents).toBe(2000);

    expect(await clock.service.applyDue(at(HOUR))).toBe(1);
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 1500,
      list_price_cents: 2000,
      sale_promotion_id: promotion.id,
      sale_reference_cents: 2000,
      discount_percent: 25,
    });
    // A second round at the same moment changes nothing.
    expect(await clock.service.applyDue(at(HOUR))).toBe(0);

    expect(await clock.service.applyDue(at(2 * HOUR - 1))).toBe(0);
    expect(await clock.service.applyDue(at(2 * HOUR))).toBe(1);
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 2000,
      sale_promotion_id: null,
      sale_reference_cents: null,
      discount_percent: null,
      sale_ends_at: null,
    });

    const ledger = await ledgerOf(ctx, game.id);
    expect(ledger.map((e) => [e.price_cents, e.cause, e.promotion_id])).toEqual([
      [2000, 'created', null],
      [1500, 'promotion', promotion.id],
      [2000, 'promotion', null],
    ]);
    expect(new Date(ledger[1]?.changed_at ?? 0).toISOString()).toBe(at(HOUR).toISOString());
    expect(new Date(ledger[2]?.changed_at ?? 0).toISOString()).toBe(at(2 * HOUR).toISOString());
    expect(ledger[1]?.actor).toBe('scheduler');
  });

  it('gives the lowest price of overlapping promotions, never both, and a deeper step keeps the first reference', async () => {
    const game = await newGame(4000);
    const start = at(10 * DAY);
    const clock = promotionsAt(ctx, start);
    const broad = await clock.service.create(
      actor,
      input({
        name: 'Platform week',
        scope: 'platform',
        platform: game.platform,
        percentOff: 10,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 10 * DAY).toISOString(),
      }),
    );
    expect(await priceOf(ctx, game.id)).toMatchObject({ price_cents: 3600, sale_reference_cents: 4000 });

    const flash = await clock.service.create(
      actor,
      input({
        name: 'Flash',
        kind: 'fixed_price',
        fixedPrice: 30,
        gameIds: [game.id],
        startsAt: new Date(start.getTime() + DAY).toISOString(),
        endsAt: new Date(start.getTime() + 3 * DAY).toISOString(),
      }),
    );
    await clock.service.applyDue(new Date(start.getTime() + DAY));
    // 30.00 € (not 30.00 − 10 % = 27.00 €), against the reference of the first step.
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 3000,
      sale_promotion_id: flash.id,
      sale_reference_cents: 4000,
      discount_percent: 25,
    });

    await clock.service.applyDue(new Date(start.getTime() + 3 * DAY));
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 3600,
      sale_promotion_id: broad.id,
      sale_reference_cents: 4000,
      discount_percent: 10,
    });

    await clock.service.applyDue(new Date(start.getTime() + 10 * DAY));
    expect(await priceOf(ctx, game.id)).toMatchObject({ price_cents: 4000, sale_promotion_id: null });
  });

  it('shows no discount when the sale price is not below the lowest price of the previous 30 days', async () => {
    const game = await newGame(2000);
    const start = at(30 * DAY);
    // The regular price was raised ten days before the sale: 20.00 → 30.00 €.
    await setRegularPrice(ctx, game.id, 3000, new Date(start.getTime() - 10 * DAY));
    const clock = promotionsAt(ctx, start);
    await clock.service.create(
      actor,
      input({
        percentOff: 20,
        gameIds: [game.id],
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + DAY).toISOString(),
      }),
    );
    // 24.00 € is below the regular 30.00 € but above the 20.00 € of 10 days ago: not a discount to show.
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 2400,
      sale_reference_cents: 2000,
      discount_percent: null,
    });
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/catalog_paginated',
      payload: { offset: 0, limit: 48, filters: { platform: game.platform } },
    });
    expect(page.json()).toEqual([
      expect.objectContaining({
        price_sell_taxed: 24,
        price_reference: null,
        discount_percent: null,
        sale_ends_at: null,
      }),
    ]);
    const onSale = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/catalog_paginated',
      payload: { offset: 0, limit: 48, filters: { platform: game.platform, onSale: true } },
    });
    expect(onSale.json()).toEqual([]);
  });

  it('puts a new regular price through a running percentage sale, keeping the reference', async () => {
    const game = await newGame(5000);
    const start = at(60 * DAY);
    const clock = promotionsAt(ctx, start);
    await clock.service.create(
      actor,
      input({
        percentOff: 50,
        gameIds: [game.id],
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 5 * DAY).toISOString(),
      }),
    );
    await setRegularPrice(ctx, game.id, 4000, new Date(start.getTime() + DAY));
    expect(await priceOf(ctx, game.id)).toMatchObject({
      price_cents: 2000,
      list_price_cents: 4000,
      sale_reference_cents: 5000,
      discount_percent: 60,
    });
    const causes = (await ledgerOf(ctx, game.id)).map((e) => [e.cause, e.price_cents, e.list_price_cents]);
    expect(causes.slice(-2)).toEqual([
      ['admin', 2500, 4000],
      ['admin', 2000, 4000],
    ]);
  });

  it('keeps the ledger append-only', async () => {
    const game = await newGame(1000);
    await expect(
      ctx.dbHandle.db.execute(sql`update game_price_changes set price_cents = 1 where game_id = ${game.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.dbHandle.db.execute(sql`delete from game_price_changes where game_id = ${game.id}`),
    ).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from game_price_changes where game_id = ${game.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe(`the promotion round of a running store (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ PROMOTION_CHECK_MS: '100' });
  });
  afterAll(async () => ctx?.close());

  it('starts and ends a promotion by itself, without a call or a restart', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1000 }, { keys: 1 });
    const actor = await adminActor(ctx);
    const service = promotionsAt(ctx, new Date()).service;
    const startsAt = new Date(Date.now() + 1_000);
    await service.create(
      actor,
      promotionInputSchema.parse({
        name: 'Soon',
        kind: 'percent',
        percentOff: 30,
        scope: 'games',
        gameIds: [game.id],
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 1_000).toISOString(),
      }),
    );
    // States, not times: the store's own round moves the price once the instants have passed.
    const priceBecomes = (cents: number) =>
      vi.waitFor(async () => expect((await priceOf(ctx, game.id)).price_cents).toBe(cents), {
        timeout: 30_000,
        interval: 50,
      });
    await priceBecomes(700);
    await priceBecomes(1000);
    const causes = (await ledgerOf(ctx, game.id)).map((e) => [e.cause, e.actor, e.price_cents]);
    expect(causes).toEqual([
      ['created', null, 1000],
      ['promotion', 'scheduler', 700],
      ['promotion', 'scheduler', 1000],
    ]);
  });
});
