import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

describe(`where a key activates, before purchase (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789' });
  });
  afterAll(async () => ctx?.close());

  const polishOnly = async () =>
    (
      await insertGame(
        ctx.dbHandle.db,
        ctx.keyVault,
        { title: 'Wiedźmin Regional', activationScope: 'countries', activationCountries: ['PL'] },
        { keys: 3 },
      )
    ).game;

  it('the product page and the cart say where the keys activate', async () => {
    const game = await polishOnly();
    const detail = await createClient(ctx.app).post('/api/kl_api/checkGameDetail', {
      providerId: game.providerId,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().game.activation).toEqual({ scope: 'countries', countries: ['PL'] });

    // A customer in Estonia (the factory's default country) sees the warning's outcome in the cart.
    const { client } = await loginCustomer(ctx);
    await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
      region_confirmed: true,
    });
    const cart = (await client.post('/api/kl_api/get_order_cart_items', {})).json();
    expect(cart.items[0]).toMatchObject({
      activation: { scope: 'countries', countries: ['PL'] },
      activates_here: false,
    });
  });

  it('asks a customer outside the region to confirm, keeps the confirmation with the order, and never blocks', async () => {
    const game = await polishOnly();
    const { client } = await loginCustomer(ctx);
    const asked = await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toBe('REGION_CONFIRMATION_REQUIRED');
    expect(asked.json().message).toContain('Wiedźmin Regional');
    expect(asked.json().message).toContain('Poland');
    // In German, the country is named in German.
    const german = await client.post(
      '/api/kl_api/add_or_update_order_line',
      { cws_product_id: game.productId },
      { 'x-ui-language': 'de' },
    );
    expect(german.json().message).toContain('Polen');
    // Several countries read as a list of the language, as the cart shows them.
    await call(ctx.app, (await loginAdmin(ctx)).client, 'PATCH', `/api/admin/products/${game.id}`, {
      activationCountries: ['PL', 'CZ'],
    });
    const listed = await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
    });
    expect(listed.json().message).toContain('Poland and Czechia');
    await call(ctx.app, (await loginAdmin(ctx)).client, 'PATCH', `/api/admin/products/${game.id}`, {
      activationCountries: ['PL'],
    });

    const confirmed = await client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.productId,
      region_confirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A second key of the same line needs no second confirmation.
    expect(
      (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
        .statusCode,
    ).toBe(200);

    const started = await startCheckout(client);
    expect(started.status).toBe(200);
    expect((await payOnHostedPage(ctx.app, started.sessionId ?? '')).statusCode).toBe(303);
    const [line] = await queryRows<{
      region_confirmed_country: string;
      region_confirmed_at: Date | null;
      status: string;
    }>(
      ctx.dbHandle,
      sql`select l.region_confirmed_country, l.region_confirmed_at, o.status from order_lines l
          join orders o on o.id = l.order_id where l.order_id = ${Number(started.body.order_id)}`,
    );
    expect(line).toMatchObject({ region_confirmed_country: 'EE', status: 'paid' });
    expect(line?.region_confirmed_at).not.toBeNull();
  });

  it('an EU or worldwide game asks nothing, and an admin sets where a game activates', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Euro Express' }, { keys: 2 });
    const { client } = await loginCustomer(ctx);
    expect(
      (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
        .statusCode,
    ).toBe(200);

    const { client: admin } = await loginAdmin(ctx);
    const changed = await call(ctx.app, admin, 'PATCH', `/api/admin/products/${game.id}`, {
      activationScope: 'countries',
      activationCountries: ['de', 'AT', 'DE'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ activationScope: 'countries', activationCountries: ['DE', 'AT'] });
    const invalid = await call(ctx.app, admin, 'PATCH', `/api/admin/products/${game.id}`, {
      activationCountries: ['Germany'],
    });
    expect(invalid.statusCode).toBe(400);
  });
});
