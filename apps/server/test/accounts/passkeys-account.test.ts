import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayRemovePasskey } from '../../src/modules/passkeys/passkeys.service.ts';
import { call, loginCustomer, visitor } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertCustomer } from '../factories.ts';
import { createClient, loginAsNewCustomer } from '../helpers/http.ts';
import {
  addPasskey,
  createSoftAuthenticator,
  loginWithPasskey,
  PASSKEY_PAGE,
  PASSKEY_STORE_ENV,
} from '../helpers/passkey-authenticator.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

function firstOf<T>(items: T[]): T {
  const [first] = items;
  if (first === undefined) throw new Error('one item expected');
  return first;
}

interface PasskeyAnswer {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
  removable: boolean;
}

/*
 * The profile's passkeys through the API: listing, renaming, removing (never the last way to log in),
 * only one's own; and the data export and erasure of the GDPR.
 */
describe(`a customer's passkeys (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp(PASSKEY_STORE_ENV);
  });
  afterAll(async () => ctx?.close());

  /** A logged-in customer with `count` passkeys (on one authenticator each). */
  async function customerWithPasskeys(count: number) {
    const { client, customer } = await loginCustomer(ctx);
    const authenticators = [];
    for (let i = 0; i < count; i++) {
      const authenticator = createSoftAuthenticator(PASSKEY_PAGE);
      const added = await addPasskey(client, authenticator, { name: `Device ${i + 1}` });
      expect(added.statusCode, added.body).toBe(200);
      authenticators.push(authenticator);
    }
    const list = async () => {
      const response = await client.get('/api/account/passkeys');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return (response.json() as { passkeys: PasskeyAnswer[] }).passkeys;
    };
    return { client, customer, authenticators, list };
  }

  it('lists the passkeys with their names and dates, and renames one', async () => {
    const { client, authenticators, list } = await customerWithPasskeys(2);
    const [first, second] = authenticators;
    if (!first || !second) throw new Error('two authenticators expected');
    expect((await loginWithPasskey(createClient(ctx.app), second)).statusCode).toBe(200);
    const passkeys = await list();
    expect(passkeys.map((p) => [p.name, p.backedUp, p.removable])).toEqual([
      ['Device 1', true, true],
      ['Device 2', true, true],
    ]);
    expect(passkeys[0]?.lastUsedAt).toBeNull();
    expect(Date.parse(passkeys[1]?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(passkeys[1]?.createdAt ?? ''),
    );
    expect(JSON.stringify(passkeys)).not.toContain(first.credentials[0]?.id);

    const id = passkeys[0]?.id;
    const renamed = await call(ctx.app, client, 'PATCH', `/api/account/passkeys/${id}`, {
      name: '  Work laptop ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Work laptop' });
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const refused = await call(ctx.app, client, 'PATCH', `/api/account/passkeys/${id}`, { name });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }
    expect((await list()).map((p) => p.name)).toEqual(['Work laptop', 'Device 2']);
  });

  it('removes a passkey; the last one goes too while the account has a password', async () => {
    const { client, customer, authenticators, list } = await customerWithPasskeys(2);
    const [first] = await list();
    const removed = await client.post(`/api/account/passkeys/${first?.id}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await loginWithPasskey(createClient(ctx.app), firstOf(authenticators))).statusCode).toBe(401);
    const [last] = await list();
    expect(last?.removable).toBe(true);
    expect((await client.post(`/api/account/passkeys/${last?.id}/remove`)).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    const byPassword = await createClient(ctx.app).post('/api/kl_api/login', {
      email: customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(byPassword.statusCode).toBe(200);
    expect((await client.post(`/api/account/passkeys/${last?.id}/remove`)).statusCode).toBe(404);
  });

  it('never removes the last way to log in: an account without a password keeps its last passkey', async () => {
    expect(mayRemovePasskey({ hasPassword: true, passkeys: 1 })).toBe(true);
    expect(mayRemovePasskey({ hasPassword: false, passkeys: 2 })).toBe(true);
    expect(mayRemovePasskey({ hasPassword: false, passkeys: 1 })).toBe(false);

    // Every account made today has a password; one without (a passkey-only sign-up) is written directly.
    const { client, customer, list } = await customerWithPasskeys(2);
    await ctx.dbHandle.db.execute(sql`update customers set password_hash = '' where id = ${customer.id}`);
    const [first, second] = await list();
    expect([first?.removable, second?.removable]).toEqual([true, true]);
    // Two removals at once: exactly one may go.
    const answers = await Promise.all([
      client.post(`/api/account/passkeys/${first?.id}/remove`),
      client.post(`/api/account/passkeys/${second?.id}/remove`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().error).toBe('PASSKEY_LAST_LOGIN');
    const left = await list();
    expect(left).toHaveLength(1);
    expect(left[0]?.removable).toBe(false);
    const again = await client.post(`/api/account/passkeys/${left[0]?.id}/remove`);
    expect(again.statusCode).toBe(409);
    expect(await list()).toHaveLength(1);
  });

  it("keeps each account's passkeys to itself", async () => {
    const owner = await customerWithPasskeys(1);
    const [theirs] = await owner.list();
    const { client: intruder } = await loginCustomer(ctx);
    expect((await intruder.get('/api/account/passkeys')).json()).toEqual({ passkeys: [] });
    const renamed = await call(ctx.app, intruder, 'PATCH', `/api/account/passkeys/${theirs?.id}`, {
      name: 'Mine',
    });
    expect(renamed.statusCode).toBe(404);
    const removed = await intruder.post(`/api/account/passkeys/${theirs?.id}/remove`);
    expect(removed.statusCode).toBe(404);
    expect(removed.json().error).toBe('NOT_FOUND');
    expect(await owner.list()).toEqual([theirs]);

    const anonymous = visitor(ctx);
    for (const [method, url] of [
      ['GET', '/api/account/passkeys'],
      ['POST', '/api/account/passkeys/registration/start'],
      ['POST', `/api/account/passkeys/${theirs?.id}/remove`],
    ] as const)
      expect((await call(ctx.app, anonymous, method, url)).statusCode, url).toBe(401);
  });

  it('audits an admin removing a passkey', async () => {
    const { client, customer: admin } = await loginAsNewCustomer(ctx.app, () =>
      insertCustomer(ctx.dbHandle.db, { role: 'admin' }),
    );
    expect((await addPasskey(client, createSoftAuthenticator(PASSKEY_PAGE))).statusCode).toBe(200);
    const [passkey] = (await client.get('/api/account/passkeys')).json().passkeys as PasskeyAnswer[];
    expect((await client.post(`/api/account/passkeys/${passkey?.id}/remove`)).statusCode).toBe(200);
    const audit = await queryRows<{ action: string; before: unknown; target_id: string }>(
      ctx.dbHandle,
      sql`select action, before, target_id from admin_audit where admin_id = ${admin.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['passkey.add', 'passkey.remove']);
    expect(audit[1]).toMatchObject({
      target_id: String(admin.id),
      before: { passkeyId: passkey?.id, name: 'Passkey' },
    });
  });

  it('lists the passkeys in the data export (no key material) and deletes them with the account', async () => {
    const { client, customer, authenticators } = await customerWithPasskeys(2);
    const exported = await client.get('/api/account/export');
    expect(exported.statusCode).toBe(200);
    const passkeys = exported.json().passkeys as Record<string, unknown>[];
    expect(passkeys.map((p) => p.name)).toEqual(['Device 1', 'Device 2']);
    expect(Object.keys(passkeys[0] ?? {}).sort()).toEqual(['backedUp', 'createdAt', 'lastUsedAt', 'name']);
    const stored = await queryRows<{ credential_id: string; public_key: string }>(
      ctx.dbHandle,
      sql`select credential_id, public_key from passkeys where customer_id = ${customer.id}`,
    );
    for (const row of stored) {
      expect(exported.body).not.toContain(row.credential_id);
      expect(exported.body).not.toContain(row.public_key);
    }

    const erased = await client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n from passkeys where customer_id = ${customer.id}`,
    );
    expect(left).toEqual([{ n: 0 }]);
    const login = await loginWithPasskey(createClient(ctx.app), firstOf(authenticators));
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe('PASSKEY_UNKNOWN');
  });

  it('lets the store pages use passkeys under the Permissions-Policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/kl_api/user_online' });
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toContain('publickey-credentials-get=(self)');
    expect(policy).toContain('publickey-credentials-create=(self)');
  });
});
