import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ACCESS_RECORDS_PER_DAY } from '../../src/modules/orders/orders.service.ts';
import { buy, type Client, loginCustomer } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertGame } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

type HistoryItem = { title: string; wcs_activation_key: string; key_id?: number };
type AccessRow = {
  key_id: number;
  order_id: number;
  customer_id: number | null;
  action: string;
  ip: string | null;
  user_agent: string | null;
};

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) KeylandTest/1.0';

/** A logged-in customer's access to a key of their history, from the address given (the proxy's header). */
const recordAccess = (client: Client, keyId: number, action: string, ip = '203.0.113.7') =>
  client.post(
    '/api/kl_api/record_key_access',
    { keyId, action },
    { 'x-forwarded-for': ip, 'user-agent': BROWSER },
  );

describe(`the key access log of the purchase history (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789' });
  });
  afterAll(async () => ctx?.close());

  /** A customer with one paid order of `quantity` keys; answers the history's items (with their key ids). */
  async function buyer(quantity = 1, overrides: Parameters<typeof loginCustomer>[1] = {}) {
    const { game } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { title: 'Access Quest' },
      { keys: quantity },
    );
    const shopper = await loginCustomer(ctx, overrides);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity }]);
    const history = (await shopper.client.post('/api/kl_api/get_completed_orders', {})).json() as {
      id: number;
      items: HistoryItem[];
    }[];
    const items = history.find((order) => order.id === orderId)?.items ?? [];
    return { ...shopper, orderId, items };
  }

  const accessRows = (orderId: number) =>
    queryRows<AccessRow>(
      ctx.dbHandle,
      sql`select key_id, order_id, customer_id, action, ip, user_agent from key_access_log
          where order_id = ${orderId} order by id`,
    );

  it('the history gives each delivered key its id, and a reveal, a copy and an image download are recorded with address and browser', async () => {
    const { client, customer, orderId, items } = await buyer(2);
    expect(items).toHaveLength(2);
    const keys = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from game_keys where order_id = ${orderId} and status = 'sold' order by id`,
    );
    expect(items.map((item) => item.key_id)).toEqual(keys.map((key) => Number(key.id)));
    const keyId = items[0]?.key_id ?? 0;

    const revealed = await recordAccess(client, keyId, 'reveal');
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toEqual({ success: true, message: 'ok' });
    expect((await recordAccess(client, keyId, 'copy', '198.51.100.4')).statusCode).toBe(200);
    expect((await recordAccess(client, keyId, 'download', '198.51.100.4')).statusCode).toBe(200);

    expect((await accessRows(orderId)).map((row) => ({ ...row, key_id: Number(row.key_id) }))).toEqual([
      {
        key_id: keyId,
        order_id: orderId,
        customer_id: customer.id,
        action: 'reveal',
        ip: '203.0.113.7',
        user_agent: BROWSER,
      },
      {
        key_id: keyId,
        order_id: orderId,
        customer_id: customer.id,
        action: 'copy',
        ip: '198.51.100.4',
        user_agent: BROWSER,
      },
      {
        key_id: keyId,
        order_id: orderId,
        customer_id: customer.id,
        action: 'download',
        ip: '198.51.100.4',
        user_agent: BROWSER,
      },
    ]);
  });

  it('answers 404 for someone else’s key, an unknown key and a key not sold; 401 without a session; 400 for another action', async () => {
    const owner = await buyer(1);
    const keyId = owner.items[0]?.key_id ?? 0;
    const stranger = await loginCustomer(ctx);

    const foreign = await recordAccess(stranger.client, keyId, 'reveal');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect((await recordAccess(stranger.client, 987_654_321, 'copy')).statusCode).toBe(404);
    // A key still on sale was sold to nobody.
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 1 });
    const [free] = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from game_keys where game_id = ${game.id}`,
    );
    expect((await recordAccess(owner.client, Number(free?.id), 'reveal')).statusCode).toBe(404);

    const anonymous = await createClient(ctx.app).post('/api/kl_api/record_key_access', {
      keyId,
      action: 'reveal',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await recordAccess(owner.client, keyId, 'print')).statusCode).toBe(400);
    expect(await accessRows(owner.orderId)).toEqual([]);
  });

  it('a key taken back (its order cancelled or refunded) is no longer its customer’s to record', async () => {
    const { client, orderId, items } = await buyer(1);
    await queryRows(
      ctx.dbHandle,
      sql`update game_keys set status = 'revoked', revoked_at = now() where order_id = ${orderId}`,
    );
    expect((await recordAccess(client, items[0]?.key_id ?? 0, 'reveal')).statusCode).toBe(404);
  });

  it(`keeps at most ${KEY_ACCESS_RECORDS_PER_DAY} records per key, action and day; more are accepted, not stored`, async () => {
    const { client, orderId, items } = await buyer(1);
    const keyId = items[0]?.key_id ?? 0;
    for (let i = 0; i < KEY_ACCESS_RECORDS_PER_DAY + 3; i++)
      expect((await recordAccess(client, keyId, 'reveal')).statusCode).toBe(200);
    expect((await recordAccess(client, keyId, 'copy')).statusCode).toBe(200);
    const rows = await accessRows(orderId);
    expect(rows.filter((row) => row.action === 'reveal')).toHaveLength(KEY_ACCESS_RECORDS_PER_DAY);
    expect(rows.filter((row) => row.action === 'copy')).toHaveLength(1);
    // Yesterday's records do not count against today.
    await queryRows(
      ctx.dbHandle,
      sql`update key_access_log set at = at - interval '1 day' where order_id = ${orderId}`,
    );
    await recordAccess(client, keyId, 'reveal');
    expect((await accessRows(orderId)).filter((row) => row.action === 'reveal')).toHaveLength(
      KEY_ACCESS_RECORDS_PER_DAY + 1,
    );
  });

  it('the data export lists the customer’s accesses; erasure keeps when, not who, where or with what', async () => {
    const { client, customer, orderId, items } = await buyer(1);
    const keyId = items[0]?.key_id ?? 0;
    await recordAccess(client, keyId, 'reveal');
    await recordAccess(client, keyId, 'copy');

    const exported = (await client.get('/api/account/export')).json() as {
      keyAccess: {
        orderId: number;
        keyId: number;
        action: string;
        at: string;
        ip: string | null;
        userAgent: string | null;
      }[];
    };
    expect(exported.keyAccess).toEqual([
      { orderId, keyId, action: 'reveal', at: expect.any(String), ip: '203.0.113.7', userAgent: BROWSER },
      { orderId, keyId, action: 'copy', at: expect.any(String), ip: '203.0.113.7', userAgent: BROWSER },
    ]);
    expect(Number.isNaN(Date.parse(exported.keyAccess[0]?.at ?? ''))).toBe(false);
    // Another customer's export has none of them.
    const other = await loginCustomer(ctx);
    expect(
      ((await other.client.get('/api/account/export')).json() as { keyAccess: unknown[] }).keyAccess,
    ).toEqual([]);

    const erased = await client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    const rows = await accessRows(orderId);
    expect(rows.map((row) => [row.action, row.customer_id, row.ip, row.user_agent])).toEqual([
      ['reveal', null, null, null],
      ['copy', null, null, null],
    ]);
    expect(customer.id).toBeGreaterThan(0);
  });
});
