import { tallinnInputToIso } from '@keyland/core/dates';
import type { PlatformGroup } from '@keyland/core/platforms';
import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { generateKey } from '../../src/db/seed/key-format.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { addDays, tallinnDay } from '../../src/modules/preorders/preorder-rules.ts';
import { createPreordersService } from '../../src/modules/preorders/preorders.service.ts';
import type { SupplierPurchases } from '../../src/modules/supplier/index.ts';
import { type Client, call } from '../admin/admin-helpers.ts';
import { type Game, insertGame } from '../factories.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows } from '../helpers/test-db.ts';

/** Tallinn's calendar day `days` after today. */
export const dayIn = (days: number) => addDays(tallinnDay(new Date()), days);

/** 00:00 in Tallinn on `day` (YYYY-MM-DD), the instant a release day begins. */
export function tallinnMidnight(day: string): Date {
  const iso = tallinnInputToIso(`${day}T00:00`);
  if (!iso) throw new Error(`not a day: ${day}`);
  return new Date(iso);
}

/** A game released `releaseInDays` from today with `keys` keys, pre-orders allowed unless told otherwise. */
export async function preorderGame(
  ctx: TestContext,
  options: { releaseInDays?: number; keys?: number; priceCents?: number; allowed?: boolean } = {},
): Promise<Game> {
  const { game } = await insertGame(
    ctx.dbHandle.db,
    ctx.keyVault,
    {
      releaseDate: dayIn(options.releaseInDays ?? 10),
      preorderAllowed: options.allowed ?? true,
      priceCents: options.priceCents ?? 2500,
    },
    { keys: options.keys ?? 0 },
  );
  return game;
}

/**
 * The store's pre-order round on a clock the test sets (each `runDue(at)` names its moment), buying
 * from the key supplier through `supplierPurchases` when given.
 */
export function preordersOf(ctx: TestContext, supplierPurchases?: SupplierPurchases) {
  const { db } = ctx.dbHandle;
  return createPreordersService({
    db,
    keyVault: ctx.keyVault,
    mailOutbox: createMailOutbox(db, ctx.keyVault),
    mailDispatcher: ctx.app.mailDispatcher,
    publicUrl: ctx.config.publicUrl,
    log: ctx.app.log,
    supplierPurchases,
  });
}

/** Imports `count` new keys for a game through the back office; answers their codes. */
export async function importKeys(ctx: TestContext, admin: Client, game: Game, count: number) {
  const codes = Array.from({ length: count }, () => generateKey(game.platformGroup as PlatformGroup));
  const response = await call(ctx.app, admin, 'POST', `/api/admin/products/${game.id}/keys`, {
    text: codes.join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return codes;
}

/** The mails queued to an address, oldest first, their text in clear, with the invoices attached to each. */
export async function mailsTo(ctx: TestContext, email: string) {
  const rows = await queryRows<{ kind: string; subject: string; text: string; invoice_ids: number[] | null }>(
    ctx.dbHandle,
    sql`select m.kind, m.subject, m.text, array_remove(array_agg(a.invoice_id order by a.id), null) as invoice_ids
        from mail_outbox m left join mail_attachments a on a.mail_id = m.id
        where m.to_address = ${email} group by m.id order by m.id`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    subject: row.subject,
    text: ctx.keyVault.decrypt(row.text),
    invoices: row.invoice_ids ?? [],
  }));
}

/** The keys an order holds, by status, in key order. */
export async function keysOfOrder(ctx: TestContext, orderId: number) {
  return queryRows<{ id: number; status: string }>(
    ctx.dbHandle,
    sql`select id::int as id, status from game_keys where order_id = ${orderId} order by id`,
  );
}

export async function orderStatus(ctx: TestContext, orderId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    ctx.dbHandle,
    sql`select status from orders where id = ${orderId}`,
  );
  return row?.status;
}

/** The numbered invoice of an order. */
export async function invoiceOf(ctx: TestContext, orderId: number) {
  const [row] = await queryRows<{ id: number; number: string | null }>(
    ctx.dbHandle,
    sql`select id, number from invoices where order_id = ${orderId} and kind = 'invoice'`,
  );
  return row;
}

/** The customer's purchase history. */
export async function historyOf(client: Client): Promise<CompletedOrder[]> {
  const response = await client.post('/api/kl_api/get_completed_orders', {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CompletedOrder[];
}
