import type { PlatformGroup } from '@keyland/core/platforms';
import { type SQL, sql } from 'drizzle-orm';
import { generateKey } from '../../src/db/seed/key-format.ts';
import { createSeedRepository } from '../../src/db/seed/seed.repository.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { createWishlistAlerts, createWishlistService } from '../../src/modules/wishlist/index.ts';
import { type Game, insertCustomer, insertGame } from '../factories.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { forgeRows, queryRows } from '../helpers/test-db.ts';

export const PUBLIC_URL = 'http://store.test';

/** The alerts round and the wishlist service on a clock the test moves. */
export function alertsAt(ctx: TestContext, start: Date) {
  let clock = start;
  const now = () => clock;
  const { db } = ctx.dbHandle;
  return {
    alerts: createWishlistAlerts({
      db,
      mailOutbox: createMailOutbox(db, ctx.keyVault),
      mailDispatcher: ctx.app.mailDispatcher,
      publicUrl: PUBLIC_URL,
      now,
    }),
    wishlist: createWishlistService({ db, now }),
    set(at: Date) {
      clock = at;
    },
  };
}

let games = 0;
/** A game of its own title (so a mail's lines can be told apart), with `keys` keys. */
export async function wishedGame(ctx: TestContext, priceCents: number, keys: number): Promise<Game> {
  const title = `Wished Game ${++games} ${Date.now().toString(36)}`;
  return (await insertGame(ctx.dbHandle.db, ctx.keyVault, { title, priceCents }, { keys })).game;
}

export const newCustomer = async (ctx: TestContext, lang = 'en') =>
  (await insertCustomer(ctx.dbHandle.db, { lang, fullName: 'Wanda Wisher' })).customer;

/** New keys for a game (a restock). */
export async function restock(ctx: TestContext, game: Game, count: number): Promise<void> {
  const codes = Array.from({ length: count }, () => generateKey(game.platformGroup as PlatformGroup));
  await createSeedRepository(ctx.dbHandle.db).insertKeys(
    codes.map((code) => ({
      gameId: game.id,
      codeCiphertext: ctx.keyVault.encrypt(code),
      codeFingerprint: ctx.keyVault.fingerprint(code),
    })),
  );
}

/** Every key of the game that could be sold goes (it sells out). */
export const sellOut = (ctx: TestContext, game: Game) =>
  forgeRows(ctx.dbHandle, sql`delete from game_keys where game_id = ${game.id} and status = 'available'`);

export interface AlertMail {
  id: number;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The alert mails queued for an address, oldest first, with their bodies and headers decrypted. */
export async function alertMailsTo(ctx: TestContext, address: string, where: SQL = sql`true`) {
  const rows = await queryRows<{ id: number; subject: string; html: string; text: string; headers: string }>(
    ctx.dbHandle,
    sql`select id, subject, html, text, headers from mail_outbox
        where kind = 'wishlist_alert' and to_address = ${address} and ${where} order by id`,
  );
  return rows.map(
    (row): AlertMail => ({
      id: row.id,
      subject: row.subject,
      text: ctx.keyVault.decrypt(row.text),
      html: ctx.keyVault.decrypt(row.html),
      headers: JSON.parse(ctx.keyVault.decrypt(row.headers)) as Record<string, string>,
    }),
  );
}

/** The token of a mail's link to `path` (`/wishlist/unsubscribe` in the body, the API in the header). */
export function tokenIn(text: string, path: string): string {
  const token = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`No ${path} link in: ${text}`);
  return token;
}
