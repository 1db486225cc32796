import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { loginAdmin, loginCustomer, visitor } from './admin-helpers.ts';

const PERIOD_MS = 30_000;

/** Waits until at least 4 s remain in the current 30 s step, so codes made now stay in the window. */
async function awayFromStepEdge(): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 4_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** The code of the step `offset` steps from now (the server accepts one step either side). */
function codeAt(secret: string, offset: number): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * PERIOD_MS });
}

function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((o) => codeAt(secret, o)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe(`admin TOTP second factor (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  /** An admin (with its password) who enrolled: answers the secret; the enabling code used step −1. */
  async function enrolledAdmin() {
    const { customer, password } = await insertCustomer(ctx.dbHandle.db, { role: 'admin' });
    const client = createClient(ctx.app);
    expect((await client.post('/api/kl_api/login', { email: customer.email, password })).statusCode).toBe(
      200,
    );
    const setup = await client.post('/api/admin/security/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    await awayFromStepEdge();
    const enabled = await client.post('/api/admin/security/totp/enable', { code: codeAt(secret, -1) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { customer, password, secret, client };
  }

  it('enrols: secret shown as text and QR code, stored encrypted, switched on only by a valid code', async () => {
    const { client } = await loginAdmin(ctx);
    expect((await client.get('/api/admin/security/totp')).json()).toEqual({ enabled: false, pending: false });
    const setup = await client.post('/api/admin/security/totp/setup');
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; uri: string; qrSvgDataUrl: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/Keyland:/);
    expect(body.uri).toContain(`secret=${body.secret}`);
    const svg = Buffer.from(body.qrSvgDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toContain('<svg');
    const rows = await queryRows<{ secret_ciphertext: string; enabled_at: Date | null }>(
      ctx.dbHandle,
      sql`select secret_ciphertext, enabled_at from admin_totp`,
    );
    expect(rows.some((r) => r.secret_ciphertext.includes(body.secret))).toBe(false);
    expect(rows.every((r) => r.secret_ciphertext.startsWith('v2:'))).toBe(true);
    expect((await client.get('/api/admin/security/totp')).json()).toEqual({ enabled: false, pending: true });

    const wrong = await client.post('/api/admin/security/totp/enable', { code: wrongCode(body.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'TOTP_INVALID' });
    expect((await client.get('/api/admin/security/totp')).json()).toMatchObject({ enabled: false });

    await awayFromStepEdge();
    const ok = await client.post('/api/admin/security/totp/enable', { code: codeAt(body.secret, 0) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client.get('/api/admin/security/totp')).json()).toEqual({ enabled: true, pending: false });
    // A second setup cannot replace an active factor.
    expect((await client.post('/api/admin/security/totp/setup')).statusCode).toBe(409);
    const audit = await queryRows<{ action: string }>(
      ctx.dbHandle,
      sql`select action from admin_audit where action = 'totp.enable'`,
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('login needs the code: no session after the password, one after a valid code; codes are single use', async () => {
    const { customer, password, secret } = await enrolledAdmin();
    const browser = createClient(ctx.app);
    const first = await browser.post('/api/kl_api/login', { email: customer.email, password });
    expect(first.statusCode).toBe(200);
    const answer = first.json() as { totpRequired: boolean; challenge: string; user?: unknown };
    expect(answer.totpRequired).toBe(true);
    expect(answer.user).toBeUndefined();
    expect(browser.cookie).toBeUndefined();
    expect((await browser.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(401);

    const wrong = await browser.post('/api/kl_api/login/totp', {
      challenge: answer.challenge,
      code: wrongCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'TOTP_INVALID' });
    expect(browser.cookie).toBeUndefined();

    // The code that switched the factor on (step −1) cannot be used again.
    await awayFromStepEdge();
    const replayed = await browser.post('/api/kl_api/login/totp', {
      challenge: answer.challenge,
      code: codeAt(secret, -1),
    });
    expect(replayed.json()).toMatchObject({ error: 'TOTP_INVALID' });

    const code = codeAt(secret, 0);
    const ok = await browser.post('/api/kl_api/login/totp', { challenge: answer.challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { email: customer.email, kl_user_role: 'admin' } });
    expect(browser.cookie).toBeDefined();
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(200);

    // The challenge is spent, and the same code does not open a second login.
    const again = createClient(ctx.app);
    const second = (await again.post('/api/kl_api/login', { email: customer.email, password })).json() as {
      challenge: string;
    };
    const replay = await again.post('/api/kl_api/login/totp', { challenge: second.challenge, code });
    expect(replay.json()).toMatchObject({ error: 'TOTP_INVALID' });
    const spent = await again.post('/api/kl_api/login/totp', { challenge: answer.challenge, code });
    expect(spent.json()).toMatchObject({ error: 'TOKEN_INVALID' });
    expect(again.cookie).toBeUndefined();

    // Disabling needs a valid, unused code; then logins need only the password again.
    const disabledWrong = await browser.post('/api/admin/security/totp/disable', { code });
    expect(disabledWrong.json()).toMatchObject({ error: 'TOTP_INVALID' });
    const disabled = await browser.post('/api/admin/security/totp/disable', { code: codeAt(secret, 1) });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const plain = await createClient(ctx.app).post('/api/kl_api/login', { email: customer.email, password });
    expect(plain.json()).toMatchObject({ user: { email: customer.email } });
  });

  it('limits wrong codes: 5 per login attempt, 10 per account in 15 minutes, then 429', async () => {
    const { customer, password, secret } = await enrolledAdmin();
    const login = async () => {
      const c = createClient(ctx.app);
      return (await c.post('/api/kl_api/login', { email: customer.email, password })).json() as {
        challenge: string;
      };
    };
    const browser = createClient(ctx.app);
    const bad = wrongCode(secret);
    const first = await login();
    for (let i = 0; i < 5; i++) {
      const r = await browser.post('/api/kl_api/login/totp', { challenge: first.challenge, code: bad });
      expect(r.json()).toMatchObject({ error: 'TOTP_INVALID' });
    }
    const burnt = await browser.post('/api/kl_api/login/totp', { challenge: first.challenge, code: bad });
    expect(burnt.json()).toMatchObject({ error: 'TOKEN_INVALID' });
    const second = await login();
    for (let i = 0; i < 5; i++)
      await browser.post('/api/kl_api/login/totp', { challenge: second.challenge, code: bad });
    const third = await login();
    await awayFromStepEdge();
    const limited = await browser.post('/api/kl_api/login/totp', {
      challenge: third.challenge,
      code: codeAt(secret, 0),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(browser.cookie).toBeUndefined();
  });

  it('customers cannot enrol (403) and visitors are asked to log in (401)', async () => {
    const { client } = await loginCustomer(ctx);
    for (const path of ['setup', 'enable', 'disable']) {
      const body = path === 'setup' ? undefined : { code: '123456' };
      expect((await client.post(`/api/admin/security/totp/${path}`, body)).statusCode).toBe(403);
      expect((await visitor(ctx).post(`/api/admin/security/totp/${path}`, body)).statusCode).toBe(401);
    }
    const rows = await queryRows(
      ctx.dbHandle,
      sql`select 1 from admin_totp t join customers c on c.id = t.customer_id where c.role = 'user'`,
    );
    expect(rows).toHaveLength(0);
  });
});
