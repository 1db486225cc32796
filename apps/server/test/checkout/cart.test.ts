import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsertedGame, insertCustomer, insertGame } from '../factories.ts';
import { createClient, loginAsNewCustomer } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

interface CartBody {
  order_id: number | null;
  items: {
    name: string;
    price_unit: number;
    quantity: number;
    total: number;
    tax_percent: number;
    wcs_product_id: string;
  }[];
  amount_untaxed: number;
  amount_tax: number;
  amount_total: number;
  tax_percent: number;
}

describe(`cart (${testDbKind})`, () => {
  let ctx: TestContext;
  let cheap: InsertedGame;
  let scarce: InsertedGame;
  let plenty: InsertedGame;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const { db } = ctx.dbHandle;
    cheap = await insertGame(db, ctx.keyVault, { title: 'Pixel Drift', priceCents: 1999 }, { keys: 20 });
    scarce = await insertGame(db, ctx.keyVault, { title: 'Last Light', priceCents: 999 }, { keys: 2 });
    plenty = await insertGame(db, ctx.keyVault, { title: 'Odd Cents', priceCents: 1 }, { keys: 15 });
    await insertGame(db, ctx.keyVault, { title: 'Secret Title', priceCents: 999, hidden: true }, { keys: 3 });
  });

  afterAll(async () => ctx?.close());

  const customer = (countryId = 64) =>
    loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db, { countryId }));

  it('needs a session', async () => {
    const response = await createClient(ctx.app).post('/api/kl_api/get_order_cart_items', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it('keeps one draft order per customer whatever e-mail the body names', async () => {
    const a = await customer();
    const b = await customer();
    const first = (await a.client.post('/api/kl_api/draft_order', { email: b.customer.email })).json() as {
      order_id: number;
    };
    const again = (await a.client.post('/api/kl_api/draft_order', { email: a.customer.email })).json() as {
      order_id: number;
    };
    expect(again.order_id).toBe(first.order_id);
    const other = (await b.client.post('/api/kl_api/draft_order', {})).json() as { order_id: number };
    expect(other.order_id).not.toBe(first.order_id);
  });

  it('prices lines on the server: tampered prices change nothing', async () => {
    const { client } = await customer(64);
    const response = await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: cheap.game.productId,
      product_name: 'Pixel Drift',
      price: 0.01,
      cws_price: 0.01,
      order_id: 999_999,
      email: 'someone@else.example',
    });
    expect(response.statusCode).toBe(200);
    const cart = response.json() as CartBody;
    expect(cart.items).toEqual([
      expect.objectContaining({
        name: 'Pixel Drift',
        price_unit: 19.99,
        quantity: 1,
        total: 19.99,
        tax_percent: 24,
      }),
    ]);
    expect(cart).toMatchObject({
      amount_untaxed: 16.12,
      amount_tax: 3.87,
      amount_total: 19.99,
      tax_percent: 24,
    });
    expect(JSON.stringify(cart)).not.toContain('wcs_buy_price');
  });

  it.each([
    [57, 19, 3 * 1999, 'DE'],
    [70, 25.5, 3 * 1999, 'FI'],
    [99, 27, 3 * 1999, 'HU'],
  ])(
    'applies the VAT of the customer country %i (%d %%) with untaxed + tax = total',
    async (countryId, percent, gross) => {
      const { client } = await customer(countryId);
      for (let i = 0; i < 3; i++)
        await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: cheap.game.productId });
      for (let i = 0; i < 7; i++)
        await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: plenty.game.productId });
      const cart = (await client.post('/api/kl_api/get_order_cart_items', {})).json() as CartBody;
      expect(cart.tax_percent).toBe(percent);
      const totalCents = Math.round(cart.amount_total * 100);
      expect(totalCents).toBe(gross + 7);
      expect(Math.round(cart.amount_untaxed * 100) + Math.round(cart.amount_tax * 100)).toBe(totalCents);
      const expectedTax =
        Math.round((gross * percent) / (100 + percent)) + Math.round((7 * percent) / (100 + percent));
      expect(Math.round(cart.amount_tax * 100)).toBe(expectedTax);
    },
  );

  it('keeps quantities between 1 and the smaller of 10 and the keys available', async () => {
    const { client } = await customer();
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: scarce.game.productId });
    const two = await client.post('/api/kl_api/update_order_line_quantity', {
      cws_product_id: scarce.game.productId,
      delta: 1,
    });
    expect((two.json() as CartBody).items[0]?.quantity).toBe(2);
    const three = await client.post('/api/kl_api/update_order_line_quantity', {
      cws_product_id: scarce.game.productId,
      delta: 1,
    });
    expect(three.statusCode).toBe(409);
    expect(three.json()).toMatchObject({ error: 'OUT_OF_STOCK' });
    expect((three.json() as { message: string }).message).toContain('Last Light');
    await client.post('/api/kl_api/update_order_line_quantity', {
      cws_product_id: scarce.game.productId,
      delta: -1,
    });
    const zero = await client.post('/api/kl_api/update_order_line_quantity', {
      cws_product_id: scarce.game.productId,
      delta: -1,
    });
    expect(zero.statusCode).toBe(409);
    expect(zero.json()).toMatchObject({ error: 'QUANTITY_LIMIT' });

    for (let i = 0; i < 10; i++) {
      const r = await client.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: cheap.game.productId,
      });
      expect(r.statusCode).toBe(200);
    }
    const eleventh = await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: cheap.game.productId,
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ error: 'QUANTITY_LIMIT' });
    const bad = await client.post('/api/kl_api/update_order_line_quantity', {
      cws_product_id: cheap.game.productId,
      delta: 5,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('removes lines and never touches another customer’s cart', async () => {
    const a = await customer();
    const b = await customer();
    await a.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: cheap.game.productId });
    await b.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: cheap.game.productId });
    const bDraft = ((await b.client.post('/api/kl_api/draft_order', {})).json() as { order_id: number })
      .order_id;
    const removed = await a.client.post('/api/kl_api/remove_order_line', {
      order_id: bDraft,
      product_name: 'Pixel Drift',
      email: b.customer.email,
    });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as CartBody).items).toEqual([]);
    const bCart = (await b.client.post('/api/kl_api/get_order_cart_items', {})).json() as CartBody;
    expect(bCart.items).toHaveLength(1);
    const again = await a.client.post('/api/kl_api/remove_order_line', { product_name: 'Pixel Drift' });
    expect(again.statusCode).toBe(404);
  });

  it('refuses hidden and unknown games', async () => {
    const { client } = await customer();
    const hidden = await client.post('/api/kl_api/add_or_update_order_line', {
      product_name: 'Secret Title',
    });
    expect(hidden.statusCode).toBe(404);
    const unknown = await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: 'nope' });
    expect(unknown.statusCode).toBe(404);
  });
});
