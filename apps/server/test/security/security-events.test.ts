import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail } from '../../src/plugins/security-events.ts';
import { buy, call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertCustomer, insertGame } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { linkIn, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

interface LogLine {
  securityEvent?: string;
  [key: string]: unknown;
}

describe(`security event logs (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let raw = '';
  const events = (name: string): LogLine[] =>
    raw
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.securityEvent === name);

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw += chunk.toString();
        done();
      },
    });
    ({ ctx, inbox } = await buildStoreWithInbox(
      { LOG_LEVEL: 'info', LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex') },
      { logStream },
    ));
  });

  afterAll(async () => ctx?.close());

  it('masks e-mail addresses', () => {
    expect(maskEmail('Ada.Lovelace@Example.COM')).toBe('A***@example.com');
    expect(maskEmail('nobody')).toBe('***');
    expect(maskEmail(42)).toBeUndefined();
  });

  it('logs login failures, lockouts and password resets without passwords or tokens', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db, { email: 'watched.user@keyland.test' });
    const guesses = Array.from({ length: 11 }, (_, i) => `wrong guess number ${i}`);
    for (const password of guesses)
      await createClient(ctx.app).post('/api/kl_api/login', { email: customer.email, password });
    const failed = events('auth.login_failed');
    expect(failed.length).toBeGreaterThanOrEqual(10);
    expect(failed[0]).toMatchObject({
      outcome: 'failure',
      status: 401,
      error: 'INVALID_CREDENTIALS',
      email: 'w***@keyland.test',
      route: '/api/kl_api/login',
      level: 40,
    });
    expect(failed[0]?.ip).toBeTruthy();
    const locked = events('auth.locked_out');
    expect(locked.length).toBeGreaterThanOrEqual(1);
    expect(locked[0]).toMatchObject({ status: 429, error: 'RATE_LIMITED', email: 'w***@keyland.test' });

    const other = await insertCustomer(ctx.dbHandle.db, { email: 'resetting@keyland.test' });
    await createClient(ctx.app).post('/api/kl_api/login', {
      email: other.customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(events('auth.login_succeeded').at(-1)).toMatchObject({
      outcome: 'success',
      email: 'r***@keyland.test',
    });
    await createClient(ctx.app).post('/api/kl_api/forgot_password', { email: other.customer.email });
    expect(events('auth.password_reset_requested')).toHaveLength(1);
    const badToken = 'not-a-real-reset-token-123';
    await createClient(ctx.app).post('/api/kl_api/reset_password', { token: badToken, newPassword: 'x' });
    expect(events('auth.password_reset_failed')).toHaveLength(1);
    const mail = await inbox.waitFor((m) => m.to.includes(other.customer.email));
    const { token } = linkIn(mail, '/reset-password');
    const newPassword = 'a brand new passphrase 77';
    const reset = await createClient(ctx.app).post('/api/kl_api/reset_password', { token, newPassword });
    expect(reset.statusCode).toBe(200);
    expect(events('auth.password_reset')).toHaveLength(1);

    for (const secret of [...guesses, DEFAULT_PASSWORD, newPassword, token, badToken, customer.email])
      expect(raw).not.toContain(secret);
  });

  it('logs refused role checks, key reveals and refunds, without the codes', async () => {
    const { client: shopper, customer } = await loginCustomer(ctx);
    const refused = await call(ctx.app, shopper, 'GET', '/api/admin/orders');
    expect(refused.statusCode).toBe(403);
    expect(events('access.denied').at(-1)).toMatchObject({
      status: 403,
      error: 'FORBIDDEN',
      accountId: customer.id,
      role: 'user',
      route: '/api/admin/orders',
    });
    await call(ctx.app, undefined, 'GET', '/api/admin/dashboard');
    expect(events('access.denied').at(-1)).toMatchObject({ status: 401 });

    const { client: admin, customer: adminAccount } = await loginAdmin(ctx);
    const { game, codes } = await insertGame(
      ctx.dbHandle.db,
      ctx.keyVault,
      { priceCents: 1200 },
      { keys: 3 },
    );
    const list = await call(ctx.app, admin, 'GET', `/api/admin/products/${game.id}/keys`);
    const [key] = (list.json() as { items: { id: number }[] }).items;
    const revealed = await call(ctx.app, admin, 'POST', `/api/admin/keys/${key?.id}/reveal`);
    expect(revealed.statusCode).toBe(200);
    expect(events('admin.key_revealed').at(-1)).toMatchObject({
      keyId: key?.id,
      accountId: adminAccount.id,
      role: 'admin',
      outcome: 'success',
    });

    const { orderId } = await buy(ctx, shopper, [{ productId: game.productId, quantity: 1 }]);
    const cancelled = await call(ctx.app, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'fraud',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(events('admin.refund').at(-1)).toMatchObject({ orderId, accountId: adminAccount.id });
    for (const code of codes) expect(raw).not.toContain(code);
  });
});
