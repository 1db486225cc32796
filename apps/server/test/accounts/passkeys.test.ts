import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { HOME_COUNTRY_ID } from '@keyland/core/countries';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp } from '../../src/db/schema/index.ts';
import { loginCustomer } from '../admin/admin-helpers.ts';
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

interface PasskeyDbRow {
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  last_used_at: Date | null;
}

/** A documentation address per test (RFC 5737), so each test's failures count on their own. */
let addresses = 0;
const nextIp = () => `198.51.100.${++addresses}`;

/*
 * Passkey registration and login through the HTTP API, answered by a software authenticator: what is
 * stored, what is refused (another challenge or origin, a replay, no user verification, a counter that
 * went back), the admin's login without a TOTP step, the limits and the security events.
 */
describe(`passkey registration and login (${testDbKind})`, () => {
  let ctx: TestContext;
  let log = '';

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    ctx = await buildTestApp({ ...PASSKEY_STORE_ENV, LOG_LEVEL: 'info' }, { logStream });
  });
  afterAll(async () => ctx?.close());

  const rowsOf = (customerId: number) =>
    queryRows<PasskeyDbRow>(ctx.dbHandle, sql`select * from passkeys where customer_id = ${customerId}`);

  /** A customer with one passkey on a new authenticator. */
  async function customerWithPasskey() {
    const { client, customer } = await loginCustomer(ctx);
    const authenticator = createSoftAuthenticator(PASSKEY_PAGE);
    const added = await addPasskey(client, authenticator, { name: 'My phone' });
    expect(added.statusCode, added.body).toBe(200);
    return { client, customer, authenticator };
  }

  it('adds a passkey in the profile and logs in with it instead of the password', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    const [stored] = await rowsOf(customer.id);
    expect(stored).toMatchObject({
      credential_id: authenticator.credentials[0]?.id,
      transports: ['internal'],
      device_type: 'multiDevice',
      backed_up: true,
      last_used_at: null,
    });
    expect(Number(stored?.counter)).toBe(0);
    expect(stored?.public_key.length).toBeGreaterThan(50);

    const browser = createClient(ctx.app);
    const login = await loginWithPasskey(browser, authenticator, { ip: nextIp() });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toEqual({
      user: {
        email: customer.email,
        country: HOME_COUNTRY_ID,
        kl_user_role: 'user',
        kl_email_verified: true,
      },
    });
    expect(browser.cookie).toBeTruthy();
    expect((await browser.get('/api/kl_api/user_online')).json().user.email).toBe(customer.email);
    expect((await loginWithPasskey(browser, authenticator, { ip: nextIp() })).statusCode).toBe(200);
    const [used] = await rowsOf(customer.id);
    expect(Number(used?.counter)).toBe(2);
    expect(used?.last_used_at).toBeTruthy();
    // The password keeps working beside it.
    const { customer: other, password } = await insertCustomer(ctx.dbHandle.db);
    const byPassword = await createClient(ctx.app).post('/api/kl_api/login', {
      email: other.email,
      password,
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it('refuses an answer to another challenge, from another origin, without user verification, or given twice', async () => {
    const { authenticator } = await customerWithPasskey();
    const ip = nextIp();
    const browser = createClient(ctx.app);
    const cases = [
      { challenge: randomBytes(32).toString('base64url') },
      { origin: 'https://keyland.evil.test' },
      { userVerified: false },
    ];
    for (const overrides of cases) {
      const refused = await loginWithPasskey(browser, authenticator, { ip, overrides });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().error).toBe('PASSKEY_INVALID');
      expect(browser.cookie).toBeUndefined();
    }

    // A good answer logs in once; the same answer again (its challenge is used up) does not.
    const start = await browser.post('/api/kl_api/login/passkey/start', undefined, { 'x-forwarded-for': ip });
    const response = authenticator.login(start.json());
    const first = await createClient(ctx.app).post('/api/kl_api/login/passkey/finish', { response });
    expect(first.statusCode).toBe(200);
    const replayed = await createClient(ctx.app).post('/api/kl_api/login/passkey/finish', { response });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe('PASSKEY_INVALID');

    // A challenge past its five minutes is refused too.
    const late = await browser.post('/api/kl_api/login/passkey/start');
    await ctx.dbHandle.db.execute(
      sql`update passkey_challenges set expires_at = now() - interval '1 second'`,
    );
    const expired = await browser.post('/api/kl_api/login/passkey/finish', {
      response: authenticator.login(late.json()),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('PASSKEY_INVALID');
  });

  it('refuses a registration for another origin, another challenge or another account, or given twice', async () => {
    const { client, customer } = await loginCustomer(ctx);
    const authenticator = createSoftAuthenticator(PASSKEY_PAGE);
    for (const overrides of [
      { origin: 'https://keyland.evil.test' },
      { challenge: randomBytes(32).toString('base64url') },
      { userVerified: false },
    ]) {
      const refused = await addPasskey(client, authenticator, { overrides });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().error).toBe('PASSKEY_INVALID');
    }
    // Another customer's challenge cannot be answered from this account.
    const other = await loginCustomer(ctx);
    const theirs = await other.client.post('/api/account/passkeys/registration/start');
    const answered = authenticator.register(theirs.json());
    const stolen = await client.post('/api/account/passkeys/registration/finish', { response: answered });
    expect(stolen.statusCode).toBe(400);
    expect(await rowsOf(customer.id)).toEqual([]);
    expect(await rowsOf(other.customer.id)).toEqual([]);

    const start = await client.post('/api/account/passkeys/registration/start');
    const response = authenticator.register(start.json());
    const added = await client.post('/api/account/passkeys/registration/finish', { response });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      name: 'Passkey',
      lastUsedAt: null,
      backedUp: true,
      removable: true,
    });
    const again = await client.post('/api/account/passkeys/registration/finish', { response });
    expect(again.statusCode).toBe(400);
    expect(await rowsOf(customer.id)).toHaveLength(1);
  });

  it('stores the signature counter and refuses one that went back (a cloned authenticator)', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    const ip = nextIp();
    for (let i = 0; i < 3; i++)
      expect((await loginWithPasskey(createClient(ctx.app), authenticator, { ip })).statusCode).toBe(200);
    expect(Number((await rowsOf(customer.id))[0]?.counter)).toBe(3);
    const cloned = await loginWithPasskey(createClient(ctx.app), authenticator, {
      ip,
      overrides: { counter: 2 },
    });
    expect(cloned.statusCode).toBe(400);
    expect(Number((await rowsOf(customer.id))[0]?.counter)).toBe(3);
  });

  it('answers 401 for a passkey the store does not know and 403 for a suspended account', async () => {
    const stranger = createSoftAuthenticator(PASSKEY_PAGE);
    const options = (await createClient(ctx.app).post('/api/account/passkeys/registration/start')).json();
    expect(options.error).toBe('UNAUTHENTICATED');
    stranger.register({
      challenge: 'x',
      rp: { name: 'Keyland' },
      user: { id: 'dXNlcg', name: 'a', displayName: 'a' },
    });
    const unknown = await loginWithPasskey(createClient(ctx.app), stranger, { ip: nextIp() });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('PASSKEY_UNKNOWN');

    const { customer, authenticator } = await customerWithPasskey();
    await ctx.dbHandle.db.execute(sql`update customers set suspended = true where id = ${customer.id}`);
    const suspended = await loginWithPasskey(createClient(ctx.app), authenticator, { ip: nextIp() });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error).toBe('ACCOUNT_SUSPENDED');
  });

  it('logs an admin in with a passkey without the TOTP step, and audits the passkey', async () => {
    const { client, customer: admin } = await loginAsNewCustomer(ctx.app, () =>
      insertCustomer(ctx.dbHandle.db, { role: 'admin' }),
    );
    const authenticator = createSoftAuthenticator(PASSKEY_PAGE);
    expect((await addPasskey(client, authenticator, { name: 'Office key' })).statusCode).toBe(200);
    await ctx.dbHandle.db.insert(adminTotp).values({
      customerId: admin.id,
      secretCiphertext: ctx.keyVault.encrypt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
      enabledAt: new Date(),
    });
    const byPassword = await createClient(ctx.app).post('/api/kl_api/login', {
      email: admin.email,
      password: DEFAULT_PASSWORD,
    });
    expect(byPassword.json()).toMatchObject({ totpRequired: true });

    const browser = createClient(ctx.app);
    const login = await loginWithPasskey(browser, authenticator, { ip: nextIp() });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.kl_user_role).toBe('admin');
    const status = await browser.get('/api/admin/security/totp');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ enabled: true, pending: false });

    const audit = await queryRows<{ action: string; after: { name: string } }>(
      ctx.dbHandle,
      sql`select action, after from admin_audit where admin_id = ${admin.id}`,
    );
    expect(audit).toEqual([
      { action: 'passkey.add', after: expect.objectContaining({ name: 'Office key' }) },
    ]);
  });

  it('counts failed answers with failed password logins, per account and per address', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    for (let i = 0; i < 10; i++) {
      const wrong = await loginWithPasskey(createClient(ctx.app), authenticator, {
        ip: nextIp(),
        overrides: { origin: 'https://keyland.evil.test' },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await loginWithPasskey(createClient(ctx.app), authenticator, { ip: nextIp() });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeTruthy();
    const byPassword = await createClient(ctx.app).post('/api/kl_api/login', {
      email: customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(byPassword.statusCode).toBe(429);

    const ip = nextIp();
    const stranger = createSoftAuthenticator(PASSKEY_PAGE);
    stranger.register({
      challenge: 'x',
      rp: { name: 'Keyland' },
      user: { id: 'dXNlcg', name: 'a', displayName: 'a' },
    });
    // 30 failures a minute per address (a minute's window may turn over once on the way).
    let failures = 0;
    let answer = await loginWithPasskey(createClient(ctx.app), stranger, { ip });
    while (answer.statusCode === 401 && failures < 70) {
      failures += 1;
      answer = await loginWithPasskey(createClient(ctx.app), stranger, { ip });
    }
    expect(answer.statusCode).toBe(429);
    expect(failures).toBeGreaterThanOrEqual(30);
  });

  it('logs passkey logins, failures and additions as security events, with the account', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    await loginWithPasskey(createClient(ctx.app), authenticator, { ip: nextIp() });
    const events = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => typeof line.securityEvent === 'string');
    const of = (name: string) => events.filter((e) => e.securityEvent === name);
    expect(of('auth.passkey_added').some((e) => e.accountId === customer.id)).toBe(true);
    expect(
      of('auth.login_succeeded').some(
        (e) => e.accountId === customer.id && e.route === '/api/kl_api/login/passkey/finish',
      ),
    ).toBe(true);
    expect(of('auth.login_failed').some((e) => e.error === 'PASSKEY_INVALID')).toBe(true);
    expect(log).not.toContain(authenticator.credentials[0]?.id ?? '-');
  });
});
