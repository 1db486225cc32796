import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { importKeys, invoiceOf, preorderGame, preordersOf } from '../preorders/preorder-helpers.ts';
import {
  buyGift,
  dayIn,
  giftFor,
  giftInHistory,
  giftRow,
  giftsOf,
  giftTokensTo,
  historyOf,
  keysOfOrder,
  mailsTo,
  orderStatus,
  recipient,
  tallinnMidnight,
} from './gift-helpers.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/*
 * A gift is paid now, its keys kept reserved for it; the round mails its recipient a single-use link on
 * its day (00:00 Tallinn), once; the recipient opens it once (the keys are then sold to the order and the
 * reveal logged); the buyer sees its state and may send it again to a corrected address before that.
 * The round runs on a clock the test sets.
 */
describe(`gifts from payment to opening (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  const gameWithKeys = async (keys: number) =>
    (await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1999 }, { keys })).game;

  it('is scheduled at payment, mailed on its day once, opened once, and the reveal is logged', async () => {
    const game = await gameWithKeys(3);
    const buyer = await loginCustomer(ctx, { fullName: 'Anna Kask', lang: 'en' });
    const gift = giftFor({ deliverOn: dayIn(5), message: 'For your birthday!' });
    const { orderId } = await buyGift(ctx, buyer.client, [{ productId: game.productId, quantity: 2 }], gift);

    // Paid: keys reserved for the gift (not sold), the invoice and the buyer's confirmation, no key shown.
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');
    expect((await keysOfOrder(ctx, orderId)).map((key) => key.status)).toEqual(['reserved', 'reserved']);
    const invoice = await invoiceOf(ctx, orderId);
    const buyerMails = await mailsTo(ctx, buyer.customer.email);
    expect(buyerMails).toEqual([expect.objectContaining({ kind: 'gift_paid', invoices: [invoice?.id] })]);
    expect(buyerMails[0]?.text).toContain('a gift for Mia Tamm');
    const [listed] = await historyOf(buyer.client);
    expect(listed).toMatchObject({
      id: orderId,
      status: 'awaiting_keys',
      withdrawable: true,
      items: [],
      gift: {
        status: 'scheduled',
        recipientName: 'Mia Tamm',
        recipientEmail: gift.recipientEmail,
        deliverOn: gift.deliverOn,
        sentAt: null,
        resendable: true,
        games: [{ title: game.title, quantity: 2 }],
      },
    });
    await expectInvariants(ctx.dbHandle);

    // Sent from 00:00 Tallinn time on its day, once, whoever runs the round and however often.
    const gifts = giftsOf(ctx);
    const midnight = tallinnMidnight(gift.deliverOn ?? '');
    expect(await gifts.runDue(new Date(midnight.getTime() - MINUTE))).toBe(0);
    expect(await giftTokensTo(ctx, gift.recipientEmail)).toEqual([]);
    // Two instances' rounds at the same moment: the gift's row lock lets one of them send it.
    const rounds = await Promise.all([gifts.runDue(midnight), giftsOf(ctx).runDue(midnight)]);
    expect(rounds.sort()).toEqual([0, 1]);
    expect(await gifts.runDue(new Date(midnight.getTime() + MINUTE))).toBe(0);
    const [token] = await giftTokensTo(ctx, gift.recipientEmail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = (await mailsTo(ctx, gift.recipientEmail))[0];
    expect(mail?.subject).toBe('Anna Kask sent you a gift on Keyland');
    expect(mail?.text).toContain('For your birthday!');
    // Only the token's hash is kept.
    const row = await giftRow(ctx, orderId);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);
    expect(await giftInHistory(buyer.client, orderId)).toMatchObject({ status: 'sent', resends: 0 });

    // The recipient's page: from whom, the message, the games; nothing revealed yet.
    const page = recipient(ctx);
    const viewed = await page.view(token ?? '');
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toMatchObject({
      status: 'sent',
      from: 'Anna Kask',
      recipientName: 'Mia Tamm',
      message: 'For your birthday!',
      games: [{ title: game.title, quantity: 2, cover: expect.any(String) }],
      openedAt: null,
    });
    expect(viewed.headers['cache-control']).toBe('no-store');
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');

    const opened = await page.open(token ?? '');
    expect(opened.statusCode, opened.body).toBe(200);
    const { keys } = opened.json() as { keys: { title: string; code: string }[] };
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => key.title === game.title && key.code.length > 5)).toBe(true);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    const sold = await keysOfOrder(ctx, orderId);
    expect(sold.map((key) => key.status)).toEqual(['sold', 'sold']);

    // Logged like any reveal: the keys, the order, the recipient's address and browser (no account).
    const log = await queryRows<{
      key_id: number;
      action: string;
      customer_id: number | null;
      user_agent: string;
    }>(
      ctx.dbHandle,
      sql`select key_id::int as key_id, action, customer_id, user_agent from key_access_log where order_id = ${orderId} order by key_id`,
    );
    expect(log).toEqual(
      sold.map((key) => ({
        key_id: key.id,
        action: 'reveal',
        customer_id: null,
        user_agent: 'GiftBrowser/1.0',
      })),
    );

    // Once: a second reveal is refused, the page says when it was opened, the buyer sees it and is told.
    const again = await page.open(token ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'GIFT_ALREADY_OPENED', message: expect.any(String) });
    const after = await page.view(token ?? '');
    expect(after.json()).toMatchObject({ status: 'opened', openedAt: expect.any(String) });
    const [history] = await historyOf(buyer.client);
    expect(history).toMatchObject({ id: orderId, status: 'paid', withdrawable: false, items: [] });
    expect(history?.gift).toMatchObject({
      status: 'opened',
      openedAt: expect.any(String),
      resendable: false,
    });
    const toBuyer = await mailsTo(ctx, buyer.customer.email);
    expect(toBuyer.map((m) => m.kind)).toEqual(['gift_paid', 'gift_opened']);
    // The keys are the recipient's: no mail to the buyer carries them.
    for (const key of keys) expect(toBuyer.some((m) => m.text.includes(key.code))).toBe(false);

    // Supplied now: no withdrawal, no resend.
    const withdraw = await buyer.client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(withdraw.json()).toMatchObject({ error: 'ORDER_NOT_WITHDRAWABLE' });
    const resend = await buyer.client.post(`/api/orders/${orderId}/gift/resend`, {
      recipientEmail: 'other@keyland.test',
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ error: 'GIFT_ALREADY_OPENED' });
    await expectInvariants(ctx.dbHandle);
  });

  it('goes right after payment without a day, and is sent again to a corrected address before opening', async () => {
    const game = await gameWithKeys(1);
    const buyer = await loginCustomer(ctx);
    const gift = giftFor({ recipientEmail: 'mia.tamm@keyland.tset' });
    const { orderId } = await buyGift(ctx, buyer.client, [{ productId: game.productId, quantity: 1 }], gift);
    // The round is asked at once after the payment (no clock involved); running it again sends nothing.
    await expect.poll(async () => (await giftInHistory(buyer.client, orderId))?.status).toBe('sent');
    expect(await giftsOf(ctx).runDue()).toBe(0);
    expect(await giftTokensTo(ctx, gift.recipientEmail)).toHaveLength(1);
    const [oldToken] = await giftTokensTo(ctx, gift.recipientEmail);

    // Someone else's order, or a bad address: refused, nothing changes.
    const stranger = await loginCustomer(ctx);
    const foreign = await stranger.client.post(`/api/orders/${orderId}/gift/resend`, {
      recipientEmail: 'thief@keyland.test',
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await buyer.client.post(`/api/orders/${orderId}/gift/resend`, {
      recipientEmail: 'mia@',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'VALIDATION_FAILED', field: 'recipientEmail' });

    const corrected = 'Mia.Tamm@keyland.test';
    const resent = await buyer.client.post(`/api/orders/${orderId}/gift/resend`, {
      recipientEmail: corrected,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      status: 'sent',
      recipientEmail: 'mia.tamm@keyland.test',
      resends: 1,
      resendsLeft: 4,
    });
    const [newToken] = await giftTokensTo(ctx, 'mia.tamm@keyland.test');
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(oldToken);
    // The mail to the mistyped address is not kept: its link is dead.
    expect(await giftTokensTo(ctx, gift.recipientEmail)).toEqual([]);

    // The old link is dead; the new one opens the gift.
    const page = recipient(ctx);
    const dead = await page.open(oldToken ?? '');
    expect(dead.statusCode).toBe(404);
    expect(dead.json()).toMatchObject({ error: 'GIFT_LINK_INVALID' });
    expect((await page.view(oldToken ?? '')).statusCode).toBe(404);
    const opened = await page.open(newToken ?? '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect((opened.json() as { keys: unknown[] }).keys).toHaveLength(1);
    await expectInvariants(ctx.dbHandle);
  });

  it('is sent again at most five times; a link left unopened for 90 days expires and a resend renews it', async () => {
    const game = await gameWithKeys(1);
    const buyer = await loginCustomer(ctx);
    const gift = giftFor();
    const { orderId } = await buyGift(ctx, buyer.client, [{ productId: game.productId, quantity: 1 }], gift);
    const gifts = giftsOf(ctx);
    const sentAt = new Date();
    await gifts.runDue(sentAt);
    const [token] = await giftTokensTo(ctx, gift.recipientEmail);

    await expect(gifts.view(token ?? '', new Date(sentAt.getTime() + 89 * DAY))).resolves.toMatchObject({
      status: 'sent',
    });
    await expect(gifts.view(token ?? '', new Date(sentAt.getTime() + 91 * DAY))).rejects.toMatchObject({
      code: 'GIFT_LINK_EXPIRED',
    });
    await expect(
      gifts.open(token ?? '', { ip: null, userAgent: null }, new Date(sentAt.getTime() + 91 * DAY)),
    ).rejects.toMatchObject({ code: 'GIFT_LINK_EXPIRED', status: 410 });

    for (let n = 1; n <= 5; n++) {
      const resent = await buyer.client.post(`/api/orders/${orderId}/gift/resend`, {
        recipientEmail: gift.recipientEmail,
      });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ resends: n, resendsLeft: 5 - n, linkExpired: false });
    }
    const sixth = await buyer.client.post(`/api/orders/${orderId}/gift/resend`, {
      recipientEmail: gift.recipientEmail,
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ error: 'GIFT_RESEND_LIMIT', message: expect.any(String) });
    // Each new link's mail replaces the record of the one before.
    expect(await giftTokensTo(ctx, gift.recipientEmail)).toHaveLength(1);
    expect(await giftInHistory(buyer.client, orderId)).toMatchObject({ resendable: false, resendsLeft: 0 });
  });

  it('changes the recipient of a scheduled gift without sending it; withdrawn before opening, its link is dead', async () => {
    const game = await gameWithKeys(2);
    const buyer = await loginCustomer(ctx);
    const gift = giftFor({ deliverOn: dayIn(30) });
    const { orderId } = await buyGift(ctx, buyer.client, [{ productId: game.productId, quantity: 1 }], gift);
    const changed = await buyer.client.post(`/api/orders/${orderId}/gift/resend`, {
      recipientName: 'Jaan Tamm',
      recipientEmail: 'jaan@keyland.test',
    });
    expect(changed.json()).toMatchObject({
      status: 'scheduled',
      recipientName: 'Jaan Tamm',
      recipientEmail: 'jaan@keyland.test',
      resends: 0,
    });
    expect(await mailsTo(ctx, 'jaan@keyland.test')).toEqual([]);
    await giftsOf(ctx).runDue(tallinnMidnight(gift.deliverOn ?? ''));
    const [token] = await giftTokensTo(ctx, 'jaan@keyland.test');
    expect(await giftTokensTo(ctx, gift.recipientEmail)).toEqual([]);

    // Not opened: content not supplied, so the buyer may withdraw; the keys go back on sale.
    const withdrawn = await buyer.client.post(`/api/orders/${orderId}/withdraw`, { confirm: true });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'refunded', keysReleased: 1 });
    expect(await keysOfOrder(ctx, orderId)).toEqual([]);
    const page = recipient(ctx);
    expect((await page.view(token ?? '')).json()).toMatchObject({ error: 'GIFT_LINK_INVALID' });
    expect((await page.open(token ?? '')).statusCode).toBe(404);
    expect((await page.open('not-a-token-of-any-gift-at-all')).json()).toMatchObject({
      error: 'GIFT_LINK_INVALID',
    });
    await expectInvariants(ctx.dbHandle);
  });

  it('waits for the key of a pre-ordered game: sent on its release day, never delivered to the buyer', async () => {
    const { client: admin } = await loginAdmin(ctx);
    const game = await preorderGame(ctx, { releaseInDays: 3 });
    const buyer = await loginCustomer(ctx);
    const gift = giftFor();
    const { orderId } = await buyGift(ctx, buyer.client, [{ productId: game.productId, quantity: 1 }], gift);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');
    const gifts = giftsOf(ctx);
    expect(await gifts.runDue()).toBe(0);

    await importKeys(ctx, admin, game, 1);
    expect((await keysOfOrder(ctx, orderId)).map((key) => key.status)).toEqual(['reserved']);
    expect(await gifts.runDue()).toBe(0);
    const release = tallinnMidnight(dayIn(3));
    // The pre-order round leaves it to the gift: the key stays reserved until the recipient opens it.
    expect(await preordersOf(ctx).runDue(release)).toBe(0);
    expect(await gifts.runDue(release)).toBe(1);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_keys');
    const [token] = await giftTokensTo(ctx, gift.recipientEmail);
    const opened = await recipient(ctx).open(token ?? '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    expect((await mailsTo(ctx, buyer.customer.email)).map((mail) => mail.kind)).toEqual([
      'gift_paid',
      'gift_opened',
    ]);
    await expectInvariants(ctx.dbHandle);
  });
});
