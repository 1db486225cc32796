import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/http.ts';
import { linkIn, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const PASSWORD = 'correct horse battery';

function registration(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Ana García',
    email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
    country: 68,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    acceptTerms: true,
    language: 'es',
    ...overrides,
  };
}

describe(`accounts (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox());
  });

  afterAll(async () => ctx?.close());

  describe('registration', () => {
    it('creates the customer, logs them in and e-mails a verification link that verifies', async () => {
      const client = createClient(ctx.app);
      const body = registration({ email: '  Nuevo.Cliente@Example.COM ' });
      const response = await client.post('/api/kl_api/register', body, { 'accept-language': 'es' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: {
          email: 'nuevo.cliente@example.com',
          country: 68,
          kl_user_role: 'user',
          kl_email_verified: false,
        },
        message: 'Usuario registrado correctamente',
      });
      const cookie = response.cookies.find((c) => c.name === 'keyland_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      const online = await client.get('/api/kl_api/user_online');
      expect(online.json()).toMatchObject({ user: { email: 'nuevo.cliente@example.com' } });

      const [row] = await queryRows<{
        password_hash: string;
        customer_rank: number;
        role: string;
        lang: string;
      }>(
        ctx.dbHandle,
        sql`select password_hash, customer_rank, role, lang from customers where email = 'nuevo.cliente@example.com'`,
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row).toMatchObject({ customer_rank: 1, role: 'user', lang: 'es' });

      const mail = await inbox.waitFor((m) => m.to.includes('nuevo.cliente@example.com'));
      expect(mail.raw).toContain('Content-Type: text/html');
      expect(mail.raw).toContain('Content-Type: text/plain');
      const { url, token } = linkIn(mail, '/verify-email');
      expect(url.startsWith('http://store.test/verify-email?token=')).toBe(true);

      const verified = await client.post('/api/kl_api/verify_email', { token });
      expect(verified.statusCode).toBe(200);
      expect((await client.get('/api/kl_api/user_online')).json()).toMatchObject({
        user: { kl_email_verified: true },
      });
      const again = await client.post('/api/kl_api/verify_email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'TOKEN_INVALID' });
    });

    it.each([
      [
        'passwords differ (rule 1 before every other)',
        { repeatPassword: 'something else entirely', country: null, fullName: 'Ana', acceptTerms: false },
        'PASSWORDS_DO_NOT_MATCH',
        'repeatPassword',
      ],
      [
        'password too short',
        { password: 'short', repeatPassword: 'short', country: null },
        'PASSWORD_TOO_SHORT',
        'password',
      ],
      [
        'password too long',
        { password: 'x'.repeat(129), repeatPassword: 'x'.repeat(129) },
        'PASSWORD_TOO_LONG',
        'password',
      ],
      [
        'common password',
        { password: 'qwerty123456', repeatPassword: 'qwerty123456', country: null },
        'PASSWORD_TOO_COMMON',
        'password',
      ],
      [
        'no country (rule 2 before the name)',
        { country: null, fullName: 'Ana' },
        'COUNTRY_REQUIRED',
        'country',
      ],
      ['a country outside the list', { country: 1 }, 'COUNTRY_REQUIRED', 'country'],
      [
        'one-word name (rule 3 before terms)',
        { fullName: '  Ana  ', acceptTerms: false },
        'FULL_NAME_TWO_WORDS',
        'fullName',
      ],
      ['terms not accepted', { acceptTerms: false }, 'TERMS_NOT_ACCEPTED', 'acceptTerms'],
    ])('refuses %s', async (_name, overrides, code, field) => {
      const response = await createClient(ctx.app).post('/api/kl_api/register', registration(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: code, field });
    });

    it('answers 409 with the spec message when the e-mail exists, whatever its case', async () => {
      const body = registration();
      expect((await createClient(ctx.app).post('/api/kl_api/register', body)).statusCode).toBe(200);
      const response = await createClient(ctx.app, { language: 'es' }).post(
        '/api/kl_api/register',
        registration({ email: ` ${body.email.toUpperCase()}` }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'EMAIL_TAKEN',
        field: 'email',
        message: 'El correo ya está registrado',
      });
    });

    it('answers malformed bodies with 400 naming the field and writes nothing', async () => {
      const before = await queryRows(ctx.dbHandle, sql`select count(*)::int as n from customers`);
      for (const [body, field] of [
        [registration({ email: 'not-an-email' }), 'email'],
        [registration({ fullName: 'x'.repeat(500) }), 'fullName'],
        [registration({ acceptTerms: 'yes' }), 'acceptTerms'],
        [registration({ country: 'Spain' }), 'country'],
      ] as const) {
        const response = await createClient(ctx.app).post('/api/kl_api/register', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', field });
      }
      const after = await queryRows(ctx.dbHandle, sql`select count(*)::int as n from customers`);
      expect(after).toEqual(before);
    });
  });

  describe('sessions', () => {
    it('logs in with any case of the e-mail, issues a new token each time and logs out on the server', async () => {
      const body = registration({ email: 'Sesion@Example.com' });
      const first = createClient(ctx.app);
      await first.post('/api/kl_api/register', body);
      const registeredToken = first.cookie;

      const client = createClient(ctx.app);
      client.cookie = registeredToken;
      const login = await client.post('/api/kl_api/login', {
        email: ' SESION@example.COM',
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ user: { email: 'sesion@example.com', kl_user_role: 'user' } });
      expect(client.cookie).toBeDefined();
      expect(client.cookie).not.toBe(registeredToken);

      // The token from before login no longer works.
      const old = createClient(ctx.app);
      old.cookie = registeredToken;
      expect((await old.get('/api/kl_api/user_online')).json()).toEqual({ user: null });

      const token = client.cookie;
      const logout = await client.post('/api/kl_api/logout');
      expect(logout.statusCode).toBe(200);
      const replay = createClient(ctx.app);
      replay.cookie = token;
      expect((await replay.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
    });

    it('stores only a hash of the session token', async () => {
      const client = createClient(ctx.app);
      await client.post('/api/kl_api/register', registration());
      const stored = await queryRows<{ token_hash: string }>(
        ctx.dbHandle,
        sql`select token_hash from sessions`,
      );
      const hashes = stored.map((r) => r.token_hash);
      expect(hashes).not.toContain(client.cookie);
      expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    });

    it('expires a session after 30 idle minutes and after 12 hours in all', async () => {
      const client = createClient(ctx.app);
      const body = registration();
      await client.post('/api/kl_api/register', body);
      expect((await client.get('/api/kl_api/user_online')).json()).toMatchObject({
        user: { email: body.email },
      });
      await ctx.dbHandle.db.execute(
        sql`update sessions set last_seen_at = now() - interval '31 minutes' where customer_id = (select id from customers where email = ${body.email})`,
      );
      expect((await client.get('/api/kl_api/user_online')).json()).toEqual({ user: null });

      await client.post('/api/kl_api/login', { email: body.email, password: PASSWORD });
      await ctx.dbHandle.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where customer_id = (select id from customers where email = ${body.email})`,
      );
      expect((await client.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
    });

    it('answers a wrong password with the spec message in Spanish', async () => {
      const response = await createClient(ctx.app, { language: 'es' }).post('/api/kl_api/login', {
        email: 'nobody@example.com',
        password: 'whatever whatever',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'INVALID_CREDENTIALS',
        message: 'Correo o contraseña incorrectos',
      });
    });

    it('limits failed logins per account with 429 and Retry-After, then refuses even the right password', async () => {
      const body = registration();
      await createClient(ctx.app).post('/api/kl_api/register', body);
      const client = createClient(ctx.app);
      for (let i = 0; i < 10; i++) {
        const r = await client.post(
          '/api/kl_api/login',
          { email: body.email, password: 'wrong password here' },
          {
            'x-forwarded-for': `10.0.0.${i}`,
          },
        );
        expect(r.statusCode).toBe(401);
      }
      const limited = await client.post(
        '/api/kl_api/login',
        { email: body.email, password: PASSWORD },
        {
          'x-forwarded-for': '10.0.1.1',
        },
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses a suspended account', async () => {
      const body = registration();
      await createClient(ctx.app).post('/api/kl_api/register', body);
      await ctx.dbHandle.db.execute(sql`update customers set suspended = true where email = ${body.email}`);
      const response = await createClient(ctx.app).post('/api/kl_api/login', {
        email: body.email,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'ACCOUNT_SUSPENDED' });
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown addresses and sends nothing', async () => {
      const before = inbox.mails.length;
      const unknown = await createClient(ctx.app).post('/api/kl_api/forgot_password', {
        email: 'ghost@example.com',
      });
      expect(unknown.statusCode).toBe(200);
      const body = registration();
      await createClient(ctx.app).post('/api/kl_api/register', body);
      const known = await createClient(ctx.app).post('/api/kl_api/forgot_password', { email: body.email });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      await inbox.waitFor((m) => m.to.includes(body.email) && m.decoded.includes('/reset-password?token='));
      expect(inbox.mails.slice(before).some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    });

    it('requires an e-mail', async () => {
      const response = await createClient(ctx.app).post('/api/kl_api/forgot_password', { email: '  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'EMAIL_REQUIRED', field: 'email' });
    });

    it('resets once with the mailed token, ends every session and lets the new password in', async () => {
      const body = registration();
      const session = createClient(ctx.app);
      await session.post('/api/kl_api/register', body);
      await createClient(ctx.app).post('/api/kl_api/forgot_password', { email: body.email });
      const mail = await inbox.waitFor(
        (m) => m.to.includes(body.email) && m.decoded.includes('/reset-password?token='),
      );
      const { token } = linkIn(mail, '/reset-password');

      const weak = await createClient(ctx.app).post('/api/kl_api/reset_password', {
        token,
        newPassword: 'short',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ success: false, error: 'PASSWORD_TOO_SHORT' });

      const newPassword = 'a brand new passphrase';
      const reset = await createClient(ctx.app, { language: 'es' }).post('/api/kl_api/reset_password', {
        token,
        newPassword,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ success: true });

      expect((await session.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
      expect(
        (await createClient(ctx.app).post('/api/kl_api/login', { email: body.email, password: PASSWORD }))
          .statusCode,
      ).toBe(401);
      expect(
        (await createClient(ctx.app).post('/api/kl_api/login', { email: body.email, password: newPassword }))
          .statusCode,
      ).toBe(200);

      const reused = await createClient(ctx.app, { language: 'es' }).post('/api/kl_api/reset_password', {
        token,
        newPassword: 'another new passphrase',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({
        success: false,
        error: 'TOKEN_INVALID',
        message: 'El enlace ha expirado o es inválido.',
      });
    });

    it('refuses an expired token and a missing one', async () => {
      const body = registration();
      await createClient(ctx.app).post('/api/kl_api/register', body);
      await createClient(ctx.app).post('/api/kl_api/forgot_password', { email: body.email });
      const mail = await inbox.waitFor(
        (m) => m.to.includes(body.email) && m.decoded.includes('/reset-password?token='),
      );
      const { token } = linkIn(mail, '/reset-password');
      await ctx.dbHandle.db.execute(
        sql`update auth_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'`,
      );
      const expired = await createClient(ctx.app).post('/api/kl_api/reset_password', {
        token,
        newPassword: 'a brand new passphrase',
      });
      expect(expired.json()).toMatchObject({ success: false, error: 'TOKEN_INVALID' });
      const missing = await createClient(ctx.app, { language: 'es' }).post('/api/kl_api/reset_password', {
        token: '',
        newPassword: 'a brand new passphrase',
      });
      expect(missing.json()).toEqual({
        success: false,
        error: 'TOKEN_MISSING',
        message: 'Token no válido o faltante.',
      });
    });
  });

  describe('profile', () => {
    it('needs a session', async () => {
      expect((await createClient(ctx.app).get('/api/kl_api/user_profile')).statusCode).toBe(401);
      expect((await createClient(ctx.app).post('/api/kl_api/update_profile', {})).statusCode).toBe(401);
    });

    it('reads and updates the profile, storing plain-text bio and a 2-letter language', async () => {
      const client = createClient(ctx.app);
      const body = registration({ fullName: 'Ana García' });
      await client.post('/api/kl_api/register', body);
      expect((await client.get('/api/kl_api/user_profile')).json()).toEqual({
        email: body.email,
        full_name: 'Ana García',
        country_id: 68,
        lang: 'es',
        bio: '',
      });
      const update = await client.post('/api/kl_api/update_profile', {
        fullName: '  Ana   María García ',
        country: 64,
        language: 'et-EE',
        bio: '<p>I like <b>RPGs</b></p><script>alert(1)</script>',
      });
      expect(update.statusCode).toBe(200);
      expect(update.json()).toMatchObject({
        email: body.email,
        full_name: 'Ana María García',
        country_id: 64,
        lang: 'et',
        bio: 'I like RPGs',
      });
      const bad = await client.post('/api/kl_api/update_profile', {
        fullName: 'Ana',
        country: 64,
        language: 'es',
        bio: '',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'FULL_NAME_TWO_WORDS', field: 'fullName' });
    });
  });

  describe('cross-site requests', () => {
    it('refuses state changes from another origin or without JSON', async () => {
      const client = createClient(ctx.app);
      const foreign = await client.post(
        '/api/kl_api/login',
        { email: 'a@b.c', password: 'x' },
        { origin: 'https://evil.example' },
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ error: 'CROSS_SITE_REQUEST' });
      const crossSite = await client.post('/api/kl_api/logout', undefined, {
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.statusCode).toBe(403);
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/kl_api/logout',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(form.statusCode).toBe(415);
      const own = await client.post('/api/kl_api/logout', undefined, { origin: 'http://store.test' });
      expect(own.statusCode).toBe(200);
    });
  });
});
