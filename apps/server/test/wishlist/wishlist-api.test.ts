import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WISHLIST_MAX_GAMES, type Wishlist, type WishlistItem } from '@keyland/core/schemas/wishlist';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, wishlistItems } from '../../src/db/schema/index.ts';
import { type Client, call, loginCustomer, visitor } from '../admin/admin-helpers.ts';
import { buildGame, DEFAULT_PASSWORD, insertGame } from '../factories.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { DAY, setRegularPrice } from '../pricing/pricing-helpers.ts';
import { alertsAt, tokenIn, wishedGame } from './wishlist-helpers.ts';

/*
 * The wishlist through the HTTP API (getWishlist, addToWishlist, removeFromWishlist, setWishlistAlert,
 * unsubscribeAlerts), its limit and errors, the alert mail's headers as they reach a mail server, the
 * unsubscribe page, and the customer's data export and erasure.
 */
describe(`the wishlist through the API (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let webDir: string;

  beforeAll(async () => {
    // A web build of one page: enough for the store to answer its pages' addresses.
    webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Keyland</title><div id="root"></div>',
    );
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(
      path.join(webDir, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }),
    );
    ({ ctx, inbox } = await buildStoreWithInbox({ WEB_DIST_DIR: webDir }));
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const put = (client: Client | undefined, url: string, body?: unknown) =>
    call(ctx.app, client, 'PUT', url, body);
  const list = async (client: Client) => {
    const response = await call(ctx.app, client, 'GET', '/api/wishlist');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Wishlist;
  };

  it('adds games (again: nothing changes), lists them with today’s price, the 30-day lowest and stock, and removes them', async () => {
    const { client } = await loginCustomer(ctx);
    const steady = await wishedGame(ctx, 2000, 3);
    const soldOut = await wishedGame(ctx, 1000, 0);
    // A sale below the price now, 10 days ago; a lower price 40 days ago is out of the window.
    const now = Date.now();
    await setRegularPrice(ctx, steady.id, 500, new Date(now - 40 * DAY));
    await setRegularPrice(ctx, steady.id, 2000, new Date(now - 35 * DAY));
    await setRegularPrice(ctx, steady.id, 1500, new Date(now - 10 * DAY));
    await setRegularPrice(ctx, steady.id, 2000, new Date(now - 5 * DAY));

    const added = await put(client, `/api/wishlist/${steady.providerId}`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ providerId: steady.providerId, price: 20, lowest30Days: 15 });
    expect((await put(client, `/api/wishlist/${steady.providerId}`)).statusCode).toBe(200);
    expect((await put(client, `/api/wishlist/${soldOut.providerId}`)).statusCode).toBe(201);

    const wishlist = await list(client);
    expect(wishlist.max).toBe(WISHLIST_MAX_GAMES);
    expect(wishlist.items.map((item) => item.providerId)).toEqual([soldOut.providerId, steady.providerId]);
    expect(wishlist.items[1]).toMatchObject({
      productId: steady.productId,
      title: steady.title,
      slug: steady.slug,
      platform: 'Steam',
      price: 20,
      priceReference: null,
      discountPercent: null,
      lowest30Days: 15,
      stock: 3,
      available: true,
      alert: { priceDrop: false, priceBelow: null, backInStock: false },
    } satisfies Partial<WishlistItem>);
    expect(wishlist.items[0]).toMatchObject({ price: 10, lowest30Days: 10, stock: 0, available: true });

    const removed = await call(ctx.app, client, 'POST', `/api/wishlist/${steady.providerId}/remove`);
    expect(removed.json()).toEqual({ removed: true });
    const again = await call(ctx.app, client, 'POST', `/api/wishlist/${steady.providerId}/remove`);
    expect(again.json()).toEqual({ removed: false });
    expect((await list(client)).items.map((item) => item.providerId)).toEqual([soldOut.providerId]);
  });

  it('refuses a visitor (401), an unknown or hidden game (404) and a malformed id (400), in the error contract', async () => {
    const { client } = await loginCustomer(ctx);
    const game = await wishedGame(ctx, 2000, 1);
    for (const response of [
      await call(ctx.app, visitor(ctx), 'GET', '/api/wishlist'),
      await put(visitor(ctx), `/api/wishlist/${game.providerId}`),
      await put(visitor(ctx), `/api/wishlist/${game.providerId}/alert`, {
        priceDrop: true,
        priceBelow: null,
        backInStock: false,
      }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
    }
    const hidden = (await insertGame(ctx.dbHandle.db, ctx.keyVault, { hidden: true })).game;
    for (const providerId of ['kl-no-such-game', hidden.providerId]) {
      const response = await put(client, `/api/wishlist/${providerId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    const malformed = await put(client, '/api/wishlist/not%20an%20id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    const notOnList = await put(client, `/api/wishlist/${game.providerId}/alert`, {
      priceDrop: true,
      priceBelow: null,
      backInStock: false,
    });
    expect(notOnList.statusCode).toBe(404);
  });

  it(`holds at most ${WISHLIST_MAX_GAMES} games: one more is refused with WISHLIST_FULL, one already on it is fine`, async () => {
    const { client, customer } = await loginCustomer(ctx);
    const many = await ctx.dbHandle.db
      .insert(games)
      .values(Array.from({ length: WISHLIST_MAX_GAMES }, () => buildGame()))
      .returning({ id: games.id, providerId: games.providerId });
    await ctx.dbHandle.db
      .insert(wishlistItems)
      .values(many.map((game) => ({ customerId: customer.id, gameId: game.id })));
    const one = await wishedGame(ctx, 999, 1);

    const refused = await put(client, `/api/wishlist/${one.providerId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'WISHLIST_FULL',
      message: `Your wishlist holds at most ${WISHLIST_MAX_GAMES} games. Remove one to add another.`,
    });
    expect((await put(client, `/api/wishlist/${many[0]?.providerId}`)).statusCode).toBe(200);
    expect((await list(client)).items).toHaveLength(WISHLIST_MAX_GAMES);
  });

  it('sets a game’s alerts (a price limit in euros, its return to stock) and refuses a limit that is no amount', async () => {
    const { client } = await loginCustomer(ctx);
    const game = await wishedGame(ctx, 2500, 0);
    await put(client, `/api/wishlist/${game.providerId}`);
    const set = await put(client, `/api/wishlist/${game.providerId}/alert`, {
      priceDrop: true,
      priceBelow: 19.99,
      backInStock: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().alert).toEqual({ priceDrop: true, priceBelow: 19.99, backInStock: true });
    expect((await list(client)).items[0]?.alert).toEqual({
      priceDrop: true,
      priceBelow: 19.99,
      backInStock: true,
    });

    for (const priceBelow of [0, -5, 10.001, 'ten'])
      expect(
        (
          await put(client, `/api/wishlist/${game.providerId}/alert`, {
            priceDrop: true,
            priceBelow,
            backInStock: false,
          })
        ).statusCode,
      ).toBe(400);
    // Without a price alert the limit is not kept.
    const off = await put(client, `/api/wishlist/${game.providerId}/alert`, {
      priceDrop: false,
      priceBelow: 12,
      backInStock: false,
    });
    expect(off.json().alert).toEqual({ priceDrop: false, priceBelow: null, backInStock: false });
  });

  it('mails an alert with RFC 8058 headers; its link unsubscribes without login, from the page and in one click', async () => {
    const { client, customer } = await loginCustomer(ctx);
    const game = await wishedGame(ctx, 3000, 2);
    await put(client, `/api/wishlist/${game.providerId}`);
    await put(client, `/api/wishlist/${game.providerId}/alert`, {
      priceDrop: true,
      priceBelow: null,
      backInStock: false,
    });
    await setRegularPrice(ctx, game.id, 2500, new Date());
    expect(await alertsAt(ctx, new Date()).alerts.run()).toBe(1);

    const mail = await inbox.waitFor((received) => received.to.includes(customer.email));
    // Long header lines are folded (RFC 5322): unfold them before reading.
    const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe: (<[^>]+>)\r?$/m.exec(head)?.[1] ?? '';
    const token = tokenIn(header, 'http://store.test/api/wishlist/unsubscribe');
    expect(tokenIn(mail.decoded, 'http://store.test/wishlist/unsubscribe')).toBe(token);

    // The page the mail's link opens is the store's, for anybody.
    const page = await ctx.app.inject({ method: 'GET', url: `/wishlist/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The page's call (JSON, no cookie), then the mail program's one-click POST: both work.
    const fromPage = await call(ctx.app, undefined, 'POST', `/api/wishlist/unsubscribe?token=${token}`);
    expect(fromPage.statusCode, fromPage.body).toBe(200);
    expect(fromPage.json()).toEqual({ unsubscribed: true, alertsTurnedOff: 1 });
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/wishlist/unsubscribe?token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://mail.example' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(oneClick.json()).toEqual({ unsubscribed: true, alertsTurnedOff: 0 });
    expect((await list(client)).items[0]?.alert).toEqual({
      priceDrop: false,
      priceBelow: null,
      backInStock: false,
    });

    const wrong = await call(ctx.app, undefined, 'POST', `/api/wishlist/unsubscribe?token=${'x'.repeat(43)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'TOKEN_INVALID' });
  });

  it('puts the wishlist and its alert mails in the data export; erasure takes them away', async () => {
    const { client, customer } = await loginCustomer(ctx);
    const game = await wishedGame(ctx, 4000, 1);
    await put(client, `/api/wishlist/${game.providerId}`);
    await put(client, `/api/wishlist/${game.providerId}/alert`, {
      priceDrop: true,
      priceBelow: 30,
      backInStock: false,
    });
    await setRegularPrice(ctx, game.id, 2900, new Date());
    expect(await alertsAt(ctx, new Date()).alerts.run()).toBe(1);

    const exported = await call(ctx.app, client, 'GET', '/api/account/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const { wishlist } = exported.json();
    expect(wishlist.items).toEqual([
      {
        providerId: game.providerId,
        title: game.title,
        addedAt: expect.any(String),
        alert: { priceDrop: true, priceBelow: 30, backInStock: false },
      },
    ]);
    expect(wishlist.alertMails).toEqual([{ sentAt: expect.any(String), games: 1 }]);

    const erased = await client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select (select count(*) from wishlist_items where customer_id = ${customer.id})
            + (select count(*) from wishlist_alert_mails where customer_id = ${customer.id}) as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });
});
