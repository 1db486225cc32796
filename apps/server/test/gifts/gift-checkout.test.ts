import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCustomer } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import {
  buyGift,
  dayIn,
  giftFor,
  giftRow,
  giftsOf,
  giftTokensTo,
  keysOfOrder,
  recipient,
  startGiftCheckout,
} from './gift-helpers.ts';

/*
 * A gift is given at the checkout's start: checked (zod and the day's range in Tallinn time) before
 * anything is written, scored by the fraud screening, and part of the buyer's data export and erasure.
 */
describe(`gifts at checkout, in the data export and at erasure (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  const gameWithKeys = async (keys: number) =>
    (await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 999 }, { keys })).game;

  it.each([
    ['an empty recipient name', { recipientName: '  ' }, 'gift.recipientName'],
    ['a name of 101 characters', { recipientName: 'n'.repeat(101) }, 'gift.recipientName'],
    ['an invalid e-mail', { recipientEmail: 'mia@@keyland' }, 'gift.recipientEmail'],
    ['a message of 501 characters', { message: 'm'.repeat(501) }, 'gift.message'],
    ['a day that is not a date', { deliverOn: '12.03.2027' }, 'gift.deliverOn'],
    ['a language the store lacks', { lang: 'xx' }, 'gift.lang'],
  ] as const)('refuses %s with 400, naming the field, and writes nothing', async (_name, change, field) => {
    const game = await gameWithKeys(1);
    const buyer = await loginCustomer(ctx);
    const response = await startGiftCheckout(buyer.client, [{ productId: game.productId, quantity: 1 }], {
      ...giftFor(),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String), field });
    const orders = await queryRows(
      ctx.dbHandle,
      sql`select id from orders where customer_id = ${buyer.customer.id} and status <> 'draft'`,
    );
    expect(orders).toEqual([]);
  });

  it.each([
    ['yesterday', -1],
    ['a day more than a year ahead', 366],
  ])(
    'refuses a delivery day %s (Tallinn): 400 GIFT_DATE_OUT_OF_RANGE, nothing reserved',
    async (_name, days) => {
      const game = await gameWithKeys(1);
      const buyer = await loginCustomer(ctx);
      const response = await startGiftCheckout(
        buyer.client,
        [{ productId: game.productId, quantity: 1 }],
        giftFor({ deliverOn: dayIn(days) }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'GIFT_DATE_OUT_OF_RANGE',
        message: 'Choose a delivery day between today and one year from now.',
        field: 'gift.deliverOn',
      });
      const reserved = await queryRows(
        ctx.dbHandle,
        sql`select id from game_keys where game_id = ${game.id} and status <> 'available'`,
      );
      expect(reserved).toEqual([]);
    },
  );

  it('accepts today and a year ahead; a gift to another person adds its points to the fraud score', async () => {
    const buyer = await loginCustomer(ctx);
    const today = await buyGift(
      ctx,
      buyer.client,
      [{ productId: (await gameWithKeys(1)).productId, quantity: 1 }],
      giftFor({ deliverOn: dayIn(0) }),
    );
    const yearAhead = await buyGift(
      ctx,
      buyer.client,
      [{ productId: (await gameWithKeys(1)).productId, quantity: 1 }],
      giftFor({ deliverOn: dayIn(365), recipientEmail: buyer.customer.email.toUpperCase() }),
    );
    const reasons = async (orderId: number) =>
      (
        await queryRows<{ codes: string[] }>(
          ctx.dbHandle,
          sql`select array(select r->>'code' from jsonb_array_elements(reasons) r) as codes
              from order_risk_assessments where order_id = ${orderId} and stage = 'checkout'`,
        )
      )[0]?.codes;
    expect(await reasons(today.orderId)).toContain('gift_to_third_party');
    // A gift to one's own address is no third party.
    expect(await reasons(yearAhead.orderId)).not.toContain('gift_to_third_party');
  });

  it('documents the gift calls under their operation names, with their error answers', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string; responses?: object }>>;
    };
    const operation = (path: string) => doc.paths[path]?.post;
    expect(operation('/api/gifts/view')).toMatchObject({
      operationId: 'getGift',
      summary: expect.any(String),
    });
    expect(operation('/api/gifts/open')).toMatchObject({
      operationId: 'openGift',
      summary: expect.any(String),
    });
    expect(operation('/api/orders/{orderId}/gift/resend')).toMatchObject({ operationId: 'resendGift' });
    expect(Object.keys(operation('/api/gifts/open')?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '404', '409', '410']),
    );
    expect(Object.keys(operation('/api/orders/{orderId}/gift/resend')?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '409']),
    );
  });

  it('exports the buyer’s gifts; erasure empties their recipients, cancels one not sent, and keeps a sent link working', async () => {
    const name = 'Quentin Giftgiver';
    const buyer = await loginCustomer(ctx, { fullName: name });
    const sentGift = giftFor({ recipientName: 'Rita Recipient', message: 'Enjoy it, Rita' });
    const later = giftFor({ recipientName: 'Lars Later', deliverOn: dayIn(20), message: 'Soon, Lars' });
    const sent = await buyGift(
      ctx,
      buyer.client,
      [{ productId: (await gameWithKeys(1)).productId, quantity: 1 }],
      sentGift,
    );
    const scheduled = await buyGift(
      ctx,
      buyer.client,
      [{ productId: (await gameWithKeys(1)).productId, quantity: 1 }],
      later,
    );
    await giftsOf(ctx).runDue();
    const [token] = await giftTokensTo(ctx, sentGift.recipientEmail);

    const exported = await buyer.client.get('/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { gifts: unknown[] }).gifts).toEqual([
      expect.objectContaining({
        orderId: sent.orderId,
        status: 'sent',
        recipientName: 'Rita Recipient',
        recipientEmail: sentGift.recipientEmail,
        message: 'Enjoy it, Rita',
      }),
      expect.objectContaining({
        orderId: scheduled.orderId,
        status: 'scheduled',
        recipientName: 'Lars Later',
        deliverOn: later.deliverOn,
      }),
    ]);

    const erased = await buyer.client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await giftRow(ctx, sent.orderId)).toMatchObject({
      status: 'sent',
      recipient_name: null,
      recipient_email: null,
      message: null,
    });
    expect(await giftRow(ctx, scheduled.orderId)).toMatchObject({
      status: 'cancelled',
      recipient_email: null,
    });
    const left = await queryRows(
      ctx.dbHandle,
      sql`select id from mail_outbox where to_address in (${sentGift.recipientEmail}, ${later.recipientEmail})`,
    );
    expect(left).toEqual([]);
    // Nothing sends the cancelled gift; the sent one still opens, without the buyer's name.
    expect(await giftsOf(ctx).runDue(new Date(Date.now() + 30 * 86_400_000))).toBe(0);
    const page = recipient(ctx);
    const view = await page.view(token ?? '');
    expect(view.json()).toMatchObject({ status: 'sent', from: null, recipientName: null, message: null });
    expect(JSON.stringify(view.json())).not.toContain(name);
    expect((await page.open(token ?? '')).statusCode).toBe(200);
    expect((await keysOfOrder(ctx, sent.orderId)).map((key) => key.status)).toEqual(['sold']);
  });
});
