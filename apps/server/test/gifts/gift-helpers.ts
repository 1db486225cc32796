import type { GiftState } from '@keyland/core/schemas/gifts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createGiftsService } from '../../src/modules/gifts/gifts.service.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { type Client, visitor } from '../admin/admin-helpers.ts';
import { CONSENT, payOnHostedPage } from '../helpers/checkout.ts';
import { invoicesNumbered } from '../helpers/invoice-numbering.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows } from '../helpers/test-db.ts';
import { historyOf, mailsTo } from '../preorders/preorder-helpers.ts';

export {
  dayIn,
  historyOf,
  keysOfOrder,
  mailsTo,
  orderStatus,
  tallinnMidnight,
} from '../preorders/preorder-helpers.ts';

export interface TestGift {
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string | null;
  lang: string;
}

/** A gift as the checkout takes it; `recipientEmail` unique per call unless given. */
export function giftFor(overrides: Partial<TestGift> = {}): TestGift {
  return {
    recipientName: 'Mia Tamm',
    recipientEmail: `friend-${Math.random().toString(36).slice(2, 10)}@keyland.test`,
    message: 'Happy birthday! Have fun.',
    deliverOn: null,
    lang: 'en',
    ...overrides,
  };
}

/** Puts games in the cart and starts the checkout with a gift; answers the raw response. */
export async function startGiftCheckout(
  client: Client,
  lines: { productId: string; quantity: number }[],
  gift: unknown,
) {
  for (const line of lines)
    for (let i = 0; i < line.quantity; i++) {
      const added = await client.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: line.productId,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
  return client.post('/api/create-checkout-session', { consent: CONSENT, gift });
}

/** Buys games as a gift through the real checkout and the local payment page; answers the order. */
export async function buyGift(
  ctx: TestContext,
  client: Client,
  lines: { productId: string; quantity: number }[],
  gift: TestGift,
): Promise<{ orderId: number; sessionId: string }> {
  const started = await startGiftCheckout(client, lines, gift);
  expect(started.statusCode, started.body).toBe(200);
  const body = started.json() as { url: string; order_id: number };
  const sessionId = new URL(body.url).pathname.split('/').pop() ?? '';
  const paid = await payOnHostedPage(ctx.app, sessionId);
  expect(paid.statusCode).toBe(303);
  await invoicesNumbered(ctx.app);
  return { orderId: body.order_id, sessionId };
}

/** The store's gift round and pages on a clock the test sets (each call names its moment). */
export function giftsOf(ctx: TestContext) {
  const { db } = ctx.dbHandle;
  return createGiftsService({
    db,
    keyVault: ctx.keyVault,
    mailOutbox: createMailOutbox(db, ctx.keyVault),
    mailDispatcher: ctx.app.mailDispatcher,
    publicUrl: ctx.config.publicUrl,
    log: ctx.app.log,
  });
}

/** The tokens of the gift links mailed to an address, oldest first. */
export async function giftTokensTo(ctx: TestContext, email: string): Promise<string[]> {
  const mails = (await mailsTo(ctx, email)).filter((mail) => mail.kind === 'gift');
  return mails.map((mail) => {
    const match = /\/gift\/([A-Za-z0-9_-]{20,})/.exec(mail.text);
    if (!match?.[1]) throw new Error(`no gift link in: ${mail.text}`);
    return match[1];
  });
}

/** The gift of an order as its buyer's history shows it. */
export async function giftInHistory(client: Client, orderId: number): Promise<GiftState | undefined> {
  return (await historyOf(client)).find((order) => order.id === orderId)?.gift;
}

/** The recipient's page calls, without a session. */
export function recipient(ctx: TestContext) {
  const client = visitor(ctx);
  return {
    view: (token: string) => client.post('/api/gifts/view', { token }),
    open: (token: string) => client.post('/api/gifts/open', { token }, { 'user-agent': 'GiftBrowser/1.0' }),
  };
}

/** The gift rows of an order (test reads). */
export async function giftRow(ctx: TestContext, orderId: number) {
  const [row] = await queryRows<{
    status: string;
    recipient_name: string | null;
    recipient_email: string | null;
    message: string | null;
    token_hash: string | null;
  }>(
    ctx.dbHandle,
    sql`select status, recipient_name, recipient_email, message, token_hash from gifts where order_id = ${orderId}`,
  );
  return row;
}
