import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertGame } from '../factories.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { freePort } from '../helpers/free-port.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { invoicesNumbered } from '../helpers/invoice-numbering.ts';
import { startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

describe(`orders while the mail server is down (${testDbKind})`, () => {
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    ctx = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('completes the orders, keeps the mails in the outbox and delivers each once when it returns', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 4 });
    const buyers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { client, customer } = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));
      await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
      const started = await startCheckout(client);
      expect(started.status).toBe(200);
      await payOnHostedPage(ctx.app, started.sessionId ?? '');
      const done = await client.post('/api/kl_api/createOrder', { sessionId: started.sessionId });
      expect(done.statusCode, done.body).toBe(200);
      buyers.push(customer.email);
    }
    // The order mails carry the invoices, so they go once those are numbered (decision 033).
    await invoicesNumbered(ctx.app);
    await ctx.app.mailDispatcher.drain();
    const waiting = await queryRows<{ to_address: string; attempts: number; sent_at: Date | null }>(
      ctx.dbHandle,
      sql`select to_address, attempts, sent_at from mail_outbox where kind = 'order_keys' order by id`,
    );
    expect(waiting.map((m) => m.to_address)).toEqual(buyers);
    for (const mail of waiting) {
      expect(mail.sent_at).toBeNull();
      expect(mail.attempts).toBeGreaterThanOrEqual(1);
    }
    const paid = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from orders where status = 'paid'`,
    );
    expect(paid[0]?.n).toBe(3);
    await expectInvariants(ctx.dbHandle);

    const inbox = await startSmtpInbox(port);
    try {
      // The back-off has run out (as if its time had passed): the next rounds send.
      await ctx.dbHandle.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
      await Promise.all([ctx.app.mailDispatcher.drain(), ctx.app.mailDispatcher.drain()]);
      await ctx.app.mailDispatcher.drain();
      for (const email of buyers) await inbox.waitFor((mail) => mail.to.includes(email));
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const email of buyers) expect(inbox.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
      const unsent = await queryRows(ctx.dbHandle, sql`select id from mail_outbox where sent_at is null`);
      expect(unsent).toEqual([]);
    } finally {
      await inbox.close();
    }
  });
});
