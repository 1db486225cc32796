import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie, runMixedLoad } from '../../../../bench/lib/mixed-load.ts';
import { type Cluster, findNginx, startCluster } from '../../../../deploy/cluster.ts';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import { createKeyVault } from '../../src/lib/key-vault.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { insertCustomer, insertGame } from '../factories.ts';

/**
 * Two store instances on one PostgreSQL database behind nginx (deploy/cluster.ts), tested through the
 * balancer. Needs PostgreSQL on 127.0.0.1:5432 and nginx; skipped with a message otherwise.
 */
const ADMIN_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'keyland_cluster_test';
const KEY = 'c'.repeat(64);
const PASSWORD = 'cluster-customer-password-42';
const CONSENT = { text: 'I ask for immediate delivery of the keys.', timestamp: new Date().toISOString() };

async function postgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The whole suite (scripts/test-all.sh) runs the integration tests on PGlite, then again on PostgreSQL;
 * these tests use PostgreSQL either way, so they run once, with the PostgreSQL run.
 */
const postgresRunFollows = process.env.POSTGRES_RUN_FOLLOWS === 'true';
const hasPostgres = !postgresRunFollows && (await postgresUp());
/** On CI the script's own installer runs (Debian's package), as `npm run cluster` does on a fresh machine. */
function nginxAvailable(): boolean {
  try {
    return findNginx(process.env.CI === 'true', (line) => console.warn(line)) !== undefined;
  } catch (error) {
    console.warn(`nginx could not be installed: ${(error as Error).message}`);
    return false;
  }
}
const hasNginx = !postgresRunFollows && nginxAvailable();
const missing = [
  hasPostgres ? '' : 'PostgreSQL at 127.0.0.1:5432',
  hasNginx ? '' : 'nginx (apt-get install nginx)',
]
  .filter(Boolean)
  .join(' and ');
if (postgresRunFollows) console.info('Cluster tests: run with the PostgreSQL run that follows.');
else if (missing) console.warn(`Cluster tests skipped: ${missing} not available.`);

/** The JSON body, or the text of anything else (an nginx error page) so that failures say what came back. */
async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  } catch {
    return { text: text.slice(0, 200) };
  }
}

/** A browser-like customer over real HTTP: JSON calls and the session cookie. */
function customer(baseUrl: string) {
  let cookie: string | undefined;
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const match = /^keyland_session=([^;]*)/.exec(line);
      if (match) cookie = match[1] || undefined;
    }
  };
  return {
    get cookie() {
      return cookie;
    },
    async post(path: string, body: unknown = {}, base = baseUrl) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(cookie ? { cookie: `keyland_session=${cookie}` } : {}),
        },
        body: JSON.stringify(body),
      });
      remember(response);
      return { status: response.status, body: await jsonOf(response) };
    },
    async get(path: string, base = baseUrl) {
      const response = await fetch(`${base}${path}`, {
        headers: cookie ? { cookie: `keyland_session=${cookie}` } : {},
      });
      remember(response);
      return { status: response.status, body: await jsonOf(response) };
    },
  };
}

describe.skipIf(postgresRunFollows || missing !== '')('two instances behind nginx on PostgreSQL', () => {
  let cluster: Cluster;
  let db: DbHandle;
  const keyVault = createKeyVault(KEY);
  let passwordHash: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_NAME}`;
    cluster = await startCluster({
      instances: 2,
      port: 0,
      databaseUrl: url.toString(),
      install: false,
      log: () => {},
      // The shoppers of the restart test check out far more often than a person: velocity caps off.
      env: {
        KEY_ENCRYPTION_KEY: KEY,
        SEED_ON_EMPTY: 'false',
        CHECKOUT_LIMIT_ACCOUNT_HOUR: '0',
        CHECKOUT_LIMIT_ACCOUNT_DAY: '0',
      },
    });
    db = await openDb({ databaseUrl: url.toString(), poolMax: 4 });
    passwordHash = await hashPassword(PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await cluster?.stop();
  }, 60_000);

  const newCustomer = async () => {
    const { customer: row } = await insertCustomer(db.db, { passwordHash });
    const client = customer(cluster.url);
    const login = await client.post('/api/kl_api/login', { email: row.email, password: PASSWORD });
    expect(login.status).toBe(200);
    return client;
  };

  it('keeps a customer logged in on every instance (sessions live in the database)', async () => {
    const client = await newCustomer();
    for (const instance of cluster.instances) {
      const direct = await client.get('/api/kl_api/user_online', `http://127.0.0.1:${instance.port}`);
      expect(direct.body.user).not.toBeNull();
    }
    // Through the balancer, which alternates between them.
    for (let i = 0; i < 4; i++)
      expect((await client.get('/api/kl_api/user_online')).body.user).not.toBeNull();
  });

  it('sells exactly 10 keys to 50 buyers racing through the balancer', async () => {
    const { game } = await insertGame(db.db, keyVault, { title: 'Cluster Final Ten' }, { keys: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newCustomer()));
    for (const buyer of buyers) {
      expect(
        (await buyer.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId })).status,
      ).toBe(200);
    }
    const attempts = await Promise.all(
      buyers.map((buyer) =>
        buyer.post('/api/create-checkout-session', {
          consent: CONSENT,
          items: [],
          orderData: { total: 0.01 },
        }),
      ),
    );
    const winners = attempts.filter((a) => a.status === 200);
    expect(winners).toHaveLength(10);
    for (const loser of attempts.filter((a) => a.status !== 200))
      expect(loser.body.error).toBe('OUT_OF_STOCK');

    const paid = await Promise.all(
      winners.map((winner) =>
        fetch(`${cluster.url}${new URL(String(winner.body.url)).pathname}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'card=4242424242424242&exp=12%2F34&cvc=123',
          redirect: 'manual',
        }),
      ),
    );
    for (const response of paid) expect(response.status).toBe(303);

    const result = await db.db.execute(
      sql`select count(*)::int as n, count(distinct order_id)::int as orders from game_keys where game_id = ${game.id} and status = 'sold'`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ n: 10, orders: 10 }]);
  }, 120_000);

  it('fails no request of 50 shoppers (catalogue, cart, checkout, payment) while the instances are restarted one after the other', async () => {
    const games = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        insertGame(db.db, keyVault, { title: `Cluster Restart ${i}` }, { keys: 300 }),
      ),
    );
    const cookies = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const { customer: row } = await insertCustomer(db.db, { passwordHash });
        return loginCookie(cluster.url, row.email, PASSWORD);
      }),
    );
    let restarted = false;
    const load = runMixedLoad({
      baseUrl: cluster.url,
      cookies,
      productIds: games.map(({ game }) => game.productId),
      stop: () => restarted,
    });
    const pids = cluster.instances.map((instance) => instance.child?.pid);
    // Each instance is handed over to a new process while the shoppers keep going; no resend, no retry.
    await cluster.rollingRestart();
    restarted = true;
    const result = await load;
    expect(cluster.instances.map((instance) => instance.child?.pid)).not.toEqual(pids);
    expect(result.errors).toEqual([]);
    expect(result.requests).toBeGreaterThan(200);
    expect(result.paid).toBeGreaterThan(0);
    // Every payment sold exactly its keys.
    const sold = await db.db.execute(
      sql`select count(*)::int as n from game_keys k join orders o on o.id = k.order_id
          where k.status = 'sold' and o.status <> 'paid'`,
    );
    expect((sold as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  }, 180_000);
});
