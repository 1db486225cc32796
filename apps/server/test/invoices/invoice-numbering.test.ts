import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { issueCreditNote } from '../../src/modules/invoices/index.ts';
import { openRuntime } from '../../src/runtime.ts';
import { loginCustomer } from '../admin/admin-helpers.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { CONSENT, payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { createDatabase, kill, login, post, processEnv, startServer } from '../helpers/server-process.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { pdfText } from './pdf-text.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Numbered = { id: number; order_id: number; sequence: number | null; issued_at: Date; paid_at: Date };

const invoiceRows = (handle: Parameters<typeof queryRows>[0]) =>
  queryRows<Numbered>(
    handle,
    sql`select i.id, i.order_id, i.sequence, i.issued_at, o.paid_at from invoices i
        join orders o on o.id = i.order_id where i.kind = 'invoice' order by i.issued_at, i.id`,
  );

describe(`invoice numbers off the payment path (${testDbKind})`, () => {
  it('many customers paying at once: every invoice numbered, gapless, in payment order, dated by its payment', async () => {
    // The margin a deployment uses, shortened: invoices younger than it wait for a later round.
    const ctx = await buildTestApp({ INVOICE_SETTLE_MS: '300' });
    try {
      const shoppers = 24;
      const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: shoppers });
      const clients = await Promise.all(
        Array.from({ length: shoppers }, async () => (await loginCustomer(ctx)).client),
      );
      await Promise.all(
        clients.map(async (client) => {
          expect(
            (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
              .statusCode,
          ).toBe(200);
          const started = await startCheckout(client);
          expect((await payOnHostedPage(ctx.app, started.sessionId ?? '')).statusCode).toBe(303);
        }),
      );
      // Each payment answered with its keys; the numbers come a moment later.
      for (;;) {
        const rows = await invoiceRows(ctx.dbHandle);
        expect(rows).toHaveLength(shoppers);
        if (rows.every((row) => row.sequence !== null)) break;
        await sleep(50);
      }
      const rows = await invoiceRows(ctx.dbHandle);
      // In the order of their payments (then ids), the numbers run 1, 2, 3… without a gap.
      expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
      for (const row of rows) expect(new Date(row.issued_at).getTime()).toBe(new Date(row.paid_at).getTime());
      await expectInvariants(ctx.dbHandle);
    } finally {
      await ctx.close();
    }
  });

  it.runIf(testDbKind === 'postgres')(
    'a payment dated first but committed last still gets the first number: numbering waits for it',
    async () => {
      const ctx = await buildTestApp({ INVOICE_SETTLE_MS: '0', INVOICE_NUMBERING_MS: '60000' });
      const url = (ctx.dbHandle.db as unknown as { $client: { options: { connectionString: string } } })
        .$client.options.connectionString;
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 2 });
        const started = [];
        for (let i = 0; i < 2; i++) {
          const { client } = await loginCustomer(ctx);
          await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
          started.push(await startCheckout(client));
        }
        const [first, second] = started;
        // The first payment takes its moment, then waits on its keys, which another connection holds.
        await blocker.query('begin');
        await blocker.query('select id from game_keys where order_id = $1 for update', [
          first?.body.order_id,
        ]);
        const firstPaid = payOnHostedPage(ctx.app, first?.sessionId ?? '');
        const waitsOnLock = async (kind: string, unless = () => false) => {
          while (!unless()) {
            const rows = await queryRows<{ n: number }>(
              ctx.dbHandle,
              sql`select count(*)::int as n from pg_locks where not granted and locktype = ${kind}`,
            );
            if ((rows[0]?.n ?? 0) > 0) return;
            await sleep(20);
          }
        };
        await waitsOnLock('transactionid');
        // The second pays and commits meanwhile; a numbering round starts.
        expect((await payOnHostedPage(ctx.app, second?.sessionId ?? '')).statusCode).toBe(303);
        const round = ctx.app.scheduledJobs.get('invoice-numbering')?.tick();
        // The round waits for the first payment (or, were it not to, numbers the second one first).
        let roundOver = false;
        void round?.finally(() => {
          roundOver = true;
        });
        await waitsOnLock('advisory', () => roundOver);
        await blocker.query('commit');
        expect((await firstPaid).statusCode).toBe(303);
        await round;
        await ctx.app.scheduledJobs.get('invoice-numbering')?.tick();
        const rows = await invoiceRows(ctx.dbHandle);
        expect(rows.map((row) => [row.order_id, row.sequence])).toEqual([
          [Number(first?.body.order_id), 1],
          [Number(second?.body.order_id), 2],
        ]);
      } finally {
        await blocker.end();
        await ctx.close();
      }
    },
  );

  it('a credit note for an order whose invoice still waits numbers that invoice first, after those paid before it', async () => {
    // Numbering never runs on its own here: only the cancellation numbers invoices.
    const ctx = await buildTestApp({ INVOICE_SETTLE_MS: '5000', INVOICE_NUMBERING_MS: '60000' });
    try {
      const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
      const orderIds: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { client } = await loginCustomer(ctx);
        await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
        const started = await startCheckout(client);
        expect((await payOnHostedPage(ctx.app, started.sessionId ?? '')).statusCode).toBe(303);
        orderIds.push(Number(started.body.order_id));
      }
      expect((await invoiceRows(ctx.dbHandle)).map((row) => row.sequence)).toEqual([null, null, null]);
      const [, second] = orderIds;
      await ctx.dbHandle.db.transaction(async (tx) => {
        expect((await issueCreditNote(tx, second ?? 0, new Date()))?.creditedInvoiceNumber).toMatch(
          /-000002$/,
        );
      });
      // The first two are numbered in payment order; the third still waits for the job.
      expect((await invoiceRows(ctx.dbHandle)).map((row) => row.sequence)).toEqual([1, 2, null]);
    } finally {
      await ctx.close();
    }
  });

  describe('a crash between payment and invoice', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keyland-invoice-crash-'));
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
    let server: ChildProcess | undefined;
    afterAll(async () => {
      if (server) await kill(server);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses nothing: the invoice is numbered after the restart, with the next number', async () => {
      database = await createDatabase();
      const env = { ...processEnv(dataDir, database.url), INVOICE_SETTLE_MS: '0' };
      const setup = await openRuntime(loadConfig(env));
      const { game } = await insertGame(setup.dbHandle.db, setup.keyVault, {}, { keys: 2 });
      const { customer, password } = await insertCustomer(setup.dbHandle.db);
      await setup.dbHandle.close();

      const history = async (base: string) => {
        const cookie = await login(base, customer.email, password);
        return { cookie, orders: (await post(base, cookie, '/api/kl_api/get_completed_orders', {})).body };
      };
      const buyOne = async (base: string) => {
        const cookie = await login(base, customer.email, password);
        await post(base, cookie, '/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
        const started = await post(base, cookie, '/api/create-checkout-session', {
          consent: CONSENT,
          items: [],
        });
        const sessionId = new URL(String(started.body.url)).pathname.split('/').pop() ?? '';
        const paid = await fetch(`${base}/pay/local/${sessionId}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'card=4242424242424242',
          redirect: 'manual',
        });
        expect(paid.status).toBe(303);
      };
      type Order = { id: number; items: unknown[]; invoice_id?: number | null; invoice_pending?: boolean };
      const invoiced = async (base: string, count: number): Promise<{ cookie: string; orders: Order[] }> => {
        for (;;) {
          const { cookie, orders } = await history(base);
          const list = orders as unknown as Order[];
          if (list.length === count && list.every((order) => order.invoice_id))
            return { cookie, orders: list };
          await sleep(100);
        }
      };

      // A first order, numbered as usual.
      let running = await startServer(env);
      server = running.child;
      await buyOne(running.base);
      await invoiced(running.base, 1);
      await kill(running.child);

      // The second payment commits, its keys show at once; the process dies before numbering it.
      running = await startServer({ ...env, INVOICE_SETTLE_MS: '5000', INVOICE_NUMBERING_MS: '60000' });
      server = running.child;
      await buyOne(running.base);
      const before = (await history(running.base)).orders as unknown as Order[];
      expect(before).toHaveLength(2);
      expect(before.every((order) => order.items.length === 1)).toBe(true);
      expect(before.filter((order) => order.invoice_id).length).toBe(1);
      // The history says the invoice is on its way (and asks again until it is there).
      expect(before.filter((order) => order.invoice_pending).length).toBe(1);
      await kill(running.child);

      // Restarted, the store numbers it: the next number, nothing lost, the PDF downloadable.
      running = await startServer(env);
      server = running.child;
      const { cookie, orders } = await invoiced(running.base, 2);
      const numbers: string[] = [];
      for (const order of orders) {
        const pdf = await fetch(`${running.base}/api/invoices/${order.invoice_id}/pdf`, {
          headers: { cookie },
        });
        expect(pdf.status).toBe(200);
        numbers.push(
          (await pdfText(Buffer.from(await pdf.arrayBuffer()))).match(/KL-\d{4}-\d{6}/u)?.[0] ?? '',
        );
      }
      expect(numbers.map((number) => number.slice(-6)).sort()).toEqual(['000001', '000002']);
      await kill(running.child);
      server = undefined;
      const check = await openRuntime(loadConfig(env));
      try {
        await expectInvariants(check.dbHandle);
      } finally {
        await check.dbHandle.close();
      }
    }, 120_000);
  });
});
