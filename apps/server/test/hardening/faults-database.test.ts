import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDb } from '../../src/db/client.ts';
import { createKeyVault } from '../../src/lib/key-vault.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { CONSENT, payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { expectInvariants } from '../helpers/invariants.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDatabaseUrl } from '../helpers/test-db.ts';

/** No stack trace, SQL or driver text in an answer: only the error contract. */
function expectCleanUnavailable(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
  expect(response.body).not.toMatch(/at .*\.ts:\d+|select |insert |update |terminat|pg_|Connection/i);
}

describe.skipIf(!testDatabaseUrl)('the store when PostgreSQL drops its connections', () => {
  let ctx: TestContext;
  /** Holds the locks (inside a transaction). */
  let admin: pg.Client;
  /** Watches and terminates (outside any transaction: pg_stat_activity is a snapshot per transaction). */
  let monitor: pg.Client;
  let adminPid = 0;
  let database: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex') });
    const [row] = await queryRows<{ db: string }>(ctx.dbHandle, sql`select current_database() as db`);
    database = row?.db ?? '';
    const url = new URL(testDatabaseUrl ?? '');
    url.pathname = `/${database}`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    monitor = new pg.Client({ connectionString: url.toString() });
    await monitor.connect();
    adminPid = (await admin.query('select pg_backend_pid() as pid')).rows[0].pid as number;
  });

  afterAll(async () => {
    await admin?.end();
    await monitor?.end();
    await ctx?.close();
  });

  /** Waits until one of the store's connections waits on a lock, then terminates all of them. */
  async function terminateWhenBlocked(waiters = 1): Promise<number> {
    await waitForWaiters(waiters);
    const killed = await monitor.query(
      `with victims as materialized (
         select pid from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2))
       select pid from victims where pg_terminate_backend(pid)`,
      [database, adminPid],
    );
    const pids = killed.rows.map((row) => row.pid as number);
    // pg_terminate_backend only signals: wait until those connections are gone, so that the checks that
    // follow never meet one of them still closing.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const left = await monitor.query(
        'select count(*)::int as n from pg_stat_activity where pid = any($1)',
        [pids],
      );
      if (left.rows[0].n === 0) return pids.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the terminated connections ${pids.join(', ')} never went away`);
  }

  async function waitForWaiters(waiters: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const waiting = await monitor.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
        [database],
      );
      if (waiting.rows[0].n >= waiters) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${waiters} connection(s) of the store never waited on the lock`);
  }

  const shopper = () => loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db));

  it('a checkout cut in the middle fails cleanly, leaves nothing half-done, and succeeds when retried', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 2 });
    const { client } = await shopper();
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    // Inserting the order waits behind this lock; the connections are terminated meanwhile.
    await admin.query('begin');
    await admin.query('lock table orders in share row exclusive mode');
    const pending = client.post('/api/create-checkout-session', { consent: CONSENT, items: [] });
    expect(await terminateWhenBlocked()).toBeGreaterThan(0);
    await admin.query('rollback').catch(() => {});
    expectCleanUnavailable(await pending);
    const keys = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from game_keys where game_id = ${game.id}`,
    );
    expect(keys.map((k) => k.status)).toEqual(['available', 'available']);
    await expectInvariants(ctx.dbHandle);

    const retried = await startCheckout(client);
    expect(retried.status).toBe(200);
    expect(retried.sessionId).toBeTruthy();
    await expectInvariants(ctx.dbHandle);
  });

  it('a fulfilment cut in the middle fails cleanly; the retry delivers the keys once', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    const { client, customer } = await shopper();
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
    const started = await startCheckout(client);
    const sessionId = started.sessionId ?? '';
    // The order row is locked: the payment's webhook and the success page both wait on it.
    await admin.query('begin');
    await admin.query('select id from orders where payment_session_id = $1 for update', [sessionId]);
    const paying = payOnHostedPage(ctx.app, sessionId);
    await waitForWaiters(1);
    const successPage = client.post('/api/kl_api/createOrder', { sessionId });
    expect(await terminateWhenBlocked(2)).toBeGreaterThan(0);
    await admin.query('rollback').catch(() => {});
    expect((await paying).statusCode).toBe(303);
    expectCleanUnavailable(await successPage);
    await expectInvariants(ctx.dbHandle);

    const retried = await client.post('/api/kl_api/createOrder', { sessionId });
    expect(retried.statusCode, retried.body).toBe(200);
    const body = retried.json() as { data: { code: string }[] };
    expect(body.data).toHaveLength(2);
    const again = await client.post('/api/kl_api/createOrder', { sessionId });
    expect((again.json() as { data: { code: string }[] }).data).toEqual(body.data);
    const sold = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from game_keys where game_id = ${game.id} and status = 'sold'`,
    );
    expect(sold[0]?.n).toBe(2);
    const mails = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from mail_outbox where kind = 'order_keys' and to_address = ${customer.email}`,
    );
    expect(mails[0]?.n).toBe(1);
    await expectInvariants(ctx.dbHandle);
  });
});

/** The test database reached through a TCP proxy the test can stall and cut. */
async function openThroughProxy(poolMax: number) {
  const target = new URL(testDatabaseUrl ?? '');
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const through = new URL(target);
  through.host = `127.0.0.1:${proxy.port}`;
  return { proxy, dbHandle: await openDb({ databaseUrl: through.toString(), poolMax }) };
}

describe.skipIf(!testDatabaseUrl)('/readyz while the database is unreachable', () => {
  it('reports not ready while the network to PostgreSQL is cut, and ready again by itself', async () => {
    const { proxy, dbHandle } = await openThroughProxy(3);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp', WEB_DIST_DIR: '' });
    const app = await buildApp(config, {
      dbHandle,
      keyVault: createKeyVault(randomBytes(32).toString('hex')),
    });
    try {
      await app.ready();
      const ready = () => app.inject({ method: 'GET', url: '/readyz' });
      expect((await ready()).statusCode).toBe(200);

      await proxy.cut();
      const down = await ready();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
      const catalogue = await app.inject({
        method: 'POST',
        url: '/api/kl_api/count_games',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(catalogue.statusCode).toBe(503);
      expect(catalogue.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });

      await proxy.restore();
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await ready()).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
    } finally {
      await app.close();
      await dbHandle.close().catch(() => {});
      await proxy.close();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('a connection lost as a transaction begins', () => {
  it('gives its pool slot back, so the next query does not wait on an empty pool', async () => {
    const { proxy, dbHandle } = await openThroughProxy(1);
    try {
      await dbHandle.ping();
      // The pool's one client looks alive, but nothing it sends arrives: its BEGIN waits, then the
      // connection drops under it.
      proxy.stall();
      const transaction = dbHandle.db.transaction(async (tx) => tx.execute(sql`select 1`));
      const failed = expect(transaction).rejects.toThrow();
      await proxy.cut();
      await failed;

      await proxy.restore();
      // Without the slot back, this waits for the pool's connection timeout and fails.
      await expect(dbHandle.ping()).resolves.toBeUndefined();
      await expect(
        dbHandle.db.transaction(async (tx) => tx.execute(sql`select 1 as one`)),
      ).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await dbHandle.close();
      await proxy.close();
    }
  });
});
