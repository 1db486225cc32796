import { formatEuros } from '@keyland/core/money';
import { NO_WISHLIST_ALERT } from '@keyland/core/schemas/wishlist';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/lib/i18n.ts';
import type { Game } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { DAY, HOUR, setRegularPrice } from '../pricing/pricing-helpers.ts';
import {
  alertMailsTo,
  alertsAt,
  newCustomer,
  PUBLIC_URL,
  restock,
  sellOut,
  tokenIn,
  wishedGame,
} from './wishlist-helpers.ts';

/*
 * The alerts round on a clock the test moves: a price drop from the price ledger and a game back in stock
 * are each told once, one mail a day per customer with every game that has news, in the customer's
 * language, with a one-click unsubscribe link.
 */
describe(`wishlist alerts on a clock (${testDbKind})`, () => {
  let ctx: TestContext;
  // Well after the games' creation, so the ledger's first entries lie before every instant used here.
  const T0 = new Date(Date.now() + 200 * DAY);
  const at = (ms: number) => new Date(T0.getTime() + ms);

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  /** A customer with the game on their wishlist and the given alerts on, set at `when`. */
  async function wishing(
    clock: ReturnType<typeof alertsAt>,
    games: Game[],
    alert: Partial<typeof NO_WISHLIST_ALERT>,
    lang = 'en',
  ) {
    const customer = await newCustomer(ctx, lang);
    for (const game of games) {
      await clock.wishlist.add(customer.id, game.providerId);
      await clock.wishlist.setAlert(customer.id, game.providerId, { ...NO_WISHLIST_ALERT, ...alert });
    }
    return customer;
  }

  it('tells a price drop once, with the new and the old price', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 2000, 3);
    const customer = await wishing(clock, [game], { priceDrop: true });
    expect(await clock.alerts.run(at(0))).toBe(0);

    await setRegularPrice(ctx, game.id, 1500, at(HOUR));
    expect(await clock.alerts.run(at(2 * HOUR))).toBe(1);
    const [mail, ...more] = await alertMailsTo(ctx, customer.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`News about ${game.title} on your Keyland wishlist`);
    expect(mail?.text).toContain(`${game.title} (Steam) now costs €15.00 (it was €20.00).`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/wishlist`);

    // Later rounds, that day and the days after, have nothing new to tell.
    expect(await clock.alerts.run(at(3 * HOUR))).toBe(0);
    expect(await clock.alerts.run(at(3 * DAY))).toBe(0);
    expect(await alertMailsTo(ctx, customer.email)).toHaveLength(1);
  });

  it('tells a restock once, and again after the game sold out and came back', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 1200, 0);
    const customer = await wishing(clock, [game], { backInStock: true });
    expect(await clock.alerts.run(at(0))).toBe(0);

    await restock(ctx, game, 2);
    expect(await clock.alerts.run(at(HOUR))).toBe(1);
    expect(await clock.alerts.run(at(2 * HOUR))).toBe(0);
    const [mail] = await alertMailsTo(ctx, customer.email);
    expect(mail?.text).toContain(`${game.title} (Steam) is back in stock.`);

    // Sold out and back the next day: told again.
    await sellOut(ctx, game);
    expect(await clock.alerts.run(at(DAY))).toBe(0);
    await restock(ctx, game, 1);
    expect(await clock.alerts.run(at(DAY + 2 * HOUR))).toBe(1);
    expect(await alertMailsTo(ctx, customer.email)).toHaveLength(2);
  });

  it('puts a price drop and a restock of the same day in one mail', async () => {
    const clock = alertsAt(ctx, T0);
    const cheaper = await wishedGame(ctx, 3000, 2);
    const back = await wishedGame(ctx, 800, 0);
    const customer = await wishing(clock, [cheaper, back], { priceDrop: true, backInStock: true });

    await setRegularPrice(ctx, cheaper.id, 2400, at(HOUR));
    await restock(ctx, back, 1);
    expect(await clock.alerts.run(at(2 * HOUR))).toBe(1);
    expect(await clock.alerts.run(at(3 * HOUR))).toBe(0);
    const mails = await alertMailsTo(ctx, customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('News about 2 games on your Keyland wishlist');
    expect(mails[0]?.text).toContain(`${cheaper.title} (Steam) now costs €24.00 (it was €30.00).`);
    expect(mails[0]?.text).toContain(`${back.title} (Steam) is back in stock.`);
  });

  it('sends at most one mail a day: a second drop waits for the next day, then is told from the last price told', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 5000, 2);
    const customer = await wishing(clock, [game], { priceDrop: true });

    await setRegularPrice(ctx, game.id, 4000, at(HOUR));
    expect(await clock.alerts.run(at(HOUR))).toBe(1);
    await setRegularPrice(ctx, game.id, 3500, at(5 * HOUR));
    expect(await clock.alerts.run(at(6 * HOUR))).toBe(0);
    expect(await clock.alerts.run(at(DAY + HOUR - 1))).toBe(0);

    expect(await clock.alerts.run(at(DAY + HOUR + 1))).toBe(1);
    const mails = await alertMailsTo(ctx, customer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('now costs €35.00 (it was €40.00).');
    expect(await clock.alerts.run(at(2 * DAY))).toBe(0);
  });

  it('keeps to the customer’s limit: a drop above it is not told, the drop to it is; a rise then a drop is news again', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 2000, 2);
    const customer = await wishing(clock, [game], { priceDrop: true, priceBelow: 15 });

    await setRegularPrice(ctx, game.id, 1800, at(HOUR));
    expect(await clock.alerts.run(at(HOUR))).toBe(0);
    await setRegularPrice(ctx, game.id, 1500, at(2 * HOUR));
    expect(await clock.alerts.run(at(2 * HOUR))).toBe(1);
    expect((await alertMailsTo(ctx, customer.email))[0]?.text).toContain('now costs €15.00 (it was €18.00).');

    await setRegularPrice(ctx, game.id, 2000, at(DAY + HOUR));
    expect(await clock.alerts.run(at(DAY + 2 * HOUR))).toBe(0);
    await setRegularPrice(ctx, game.id, 1400, at(DAY + 3 * HOUR));
    expect(await clock.alerts.run(at(DAY + 4 * HOUR))).toBe(1);
    expect((await alertMailsTo(ctx, customer.email))[1]?.text).toContain('now costs €14.00 (it was €20.00).');
  });

  it('writes to each customer in their language', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 2000, 2);
    const german = await wishing(clock, [game], { priceDrop: true }, 'de');
    const english = await wishing(clock, [game], { priceDrop: true }, 'en');

    await setRegularPrice(ctx, game.id, 1250, at(HOUR));
    expect(await clock.alerts.run(at(2 * HOUR))).toBe(2);
    const [de] = await alertMailsTo(ctx, german.email);
    const [en] = await alertMailsTo(ctx, english.email);
    expect(de?.html).toContain('<html lang="de">');
    expect(de?.text).toContain(translate('de', 'mail.footer'));
    expect(de?.text).toContain(
      translate('de', 'wishlist.mail.priceDrop', {
        title: game.title,
        platform: 'Steam',
        price: formatEuros(1250, 'de'),
        was: formatEuros(2000, 'de'),
      }),
    );
    expect(de?.subject).toBe(translate('de', 'wishlist.mail.subject', { count: 1, title: game.title }));
    expect(translate('de', 'mail.footer')).not.toBe(translate('en', 'mail.footer'));
    expect(en?.html).toContain('<html lang="en">');
    expect(en?.text).toContain('now costs €12.50 (it was €20.00).');
  });

  it('tells nothing of a game no longer sold, nor to a customer without alerts', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 2000, 2);
    const quiet = await wishing(clock, [game], {});
    const hidden = await wishedGame(ctx, 2000, 0);
    const wisher = await wishing(clock, [hidden], { priceDrop: true, backInStock: true });

    await setRegularPrice(ctx, game.id, 1000, at(HOUR));
    await ctx.dbHandle.db.execute(sql`update games set hidden = true where id = ${hidden.id}`);
    await setRegularPrice(ctx, hidden.id, 1000, at(HOUR));
    await restock(ctx, hidden, 1);
    expect(await clock.alerts.run(at(2 * HOUR))).toBe(0);
    expect(await alertMailsTo(ctx, quiet.email)).toEqual([]);
    expect(await alertMailsTo(ctx, wisher.email)).toEqual([]);
  });

  it('links every mail to a one-click unsubscribe without login (header and body), after which nothing more is sent', async () => {
    const clock = alertsAt(ctx, T0);
    const game = await wishedGame(ctx, 2000, 2);
    const customer = await wishing(clock, [game], { priceDrop: true });
    await setRegularPrice(ctx, game.id, 1900, at(HOUR));
    expect(await clock.alerts.run(at(HOUR))).toBe(1);
    const [mail] = await alertMailsTo(ctx, customer.email);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = mail?.headers['List-Unsubscribe'] ?? '';
    expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/wishlist/unsubscribe\\?token=[\\w-]+>$`));
    const headerToken = tokenIn(header, '/api/wishlist/unsubscribe');
    expect(tokenIn(mail?.text ?? '', `${PUBLIC_URL}/wishlist/unsubscribe`)).toBe(headerToken);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/wishlist/unsubscribe?token=${headerToken}"`);

    // What a mail program sends (RFC 8058): a form body, no cookie, no Origin of the store.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/wishlist/unsubscribe?token=${headerToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: true, alertsTurnedOff: 1 });

    await setRegularPrice(ctx, game.id, 1000, at(3 * DAY));
    expect(await clock.alerts.run(at(3 * DAY))).toBe(0);
    expect(await alertMailsTo(ctx, customer.email)).toHaveLength(1);
  });
});
