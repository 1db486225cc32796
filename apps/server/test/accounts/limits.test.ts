import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

describe(`request limits and cookies (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });

  afterAll(async () => ctx?.close());

  it('limits failed logins per IP to 30 a minute, with Retry-After', async () => {
    const client = createClient(ctx.app);
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 30; i++) {
      const r = await client.post(
        '/api/kl_api/login',
        { email: `nobody${i}@example.com`, password: 'wrong password' },
        ip,
      );
      expect(r.statusCode).toBe(401);
    }
    const limited = await client.post(
      '/api/kl_api/login',
      { email: 'someone@example.com', password: 'whatever password' },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const otherIp = await client.post(
      '/api/kl_api/login',
      { email: 'someone@example.com', password: 'whatever password' },
      {
        'x-forwarded-for': '203.0.113.8',
      },
    );
    expect(otherIp.statusCode).toBe(401);
  });

  it('limits forgot-password to 5 an hour per address, the same for unknown addresses', async () => {
    for (const email of ['known-limit@example.com', 'unknown-limit@example.com']) {
      if (email.startsWith('known')) await insertCustomer(ctx.dbHandle.db, { email });
      for (let i = 0; i < 5; i++) {
        const r = await createClient(ctx.app).post(
          '/api/kl_api/forgot_password',
          { email },
          { 'x-forwarded-for': `198.51.100.${i}` },
        );
        expect(r.statusCode).toBe(200);
      }
      const limited = await createClient(ctx.app).post(
        '/api/kl_api/forgot_password',
        { email },
        { 'x-forwarded-for': '198.51.100.99' },
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
  });

  it('marks the session cookie Secure when the store is reached over HTTPS', async () => {
    const { customer, password } = await insertCustomer(ctx.dbHandle.db);
    const plain = await createClient(ctx.app).post('/api/kl_api/login', { email: customer.email, password });
    expect(plain.cookies.find((c) => c.name === 'keyland_session')?.secure).toBeFalsy();
    const https = await createClient(ctx.app).post(
      '/api/kl_api/login',
      { email: customer.email, password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(https.cookies.find((c) => c.name === 'keyland_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('answers in the language the web app shows, over the profile and Accept-Language', async () => {
    const { customer, password } = await insertCustomer(ctx.dbHandle.db, { lang: 'en' });
    const client = createClient(ctx.app, { language: 'en' });
    await client.post('/api/kl_api/login', { email: customer.email, password });
    const wrong = await client.post(
      '/api/kl_api/update_profile',
      { fullName: 'One', country: 64, language: 'en', bio: '' },
      {
        'x-ui-language': 'es',
      },
    );
    expect(wrong.json()).toMatchObject({ error: 'FULL_NAME_TWO_WORDS' });
    const english = await client.post('/api/kl_api/update_profile', {
      fullName: 'One',
      country: 64,
      language: 'en',
      bio: '',
    });
    expect((wrong.json() as { message: string }).message).not.toBe(
      (english.json() as { message: string }).message,
    );
  });

  it('does not serve the development mailbox outside development', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(404);
  });
});
