import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createAuthRepository } from '../../src/modules/accounts/auth.repository.ts';
import { hashToken } from '../../src/modules/accounts/session.service.ts';
import { call, loginAdmin } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertCustomer } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import {
  cleanRedis,
  keysUnder,
  openTestRedis,
  SKIP_REDIS_REASON,
  testRedisPrefix,
  testRedisUrl,
} from '../helpers/test-redis.ts';

const title = (name: string) =>
  `${name} (${testDbKind}${testRedisUrl ? ', redis' : `; skipped: ${SKIP_REDIS_REASON}`})`;

/** Two instances of the store sharing one database and one Redis, as behind a load balancer. */
describe.skipIf(!testRedisUrl)(title('sessions and rate-limit counters in Redis'), () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let redis: Redis;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    ctx = await buildTestApp({ REDIS_URL: testRedisUrl ?? '' }, { redisKeyPrefix: prefix });
    other = await buildApp(ctx.config, {
      dbHandle: ctx.dbHandle,
      keyVault: ctx.keyVault,
      redisKeyPrefix: prefix,
    });
    await other.ready();
    redis = openTestRedis();
  });

  afterAll(async () => {
    await other?.close();
    await ctx?.close();
    if (redis) {
      await cleanRedis(redis, prefix);
      redis.disconnect();
    }
  });

  /** The same cookie, sent to the other instance. */
  function onOther(cookie: string | undefined) {
    const client = createClient(other);
    client.cookie = cookie;
    return client;
  }

  it('keeps a session logged in on one instance on the other, and logging out on either ends it', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    const first = createClient(ctx.app);
    const login = await first.post('/api/kl_api/login', {
      email: customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const second = onOther(first.cookie);
    expect((await second.get('/api/kl_api/user_online')).json()).toMatchObject({
      user: { email: customer.email },
    });
    // Held by Redis, under the token's hash: the sessions table stays empty.
    expect(await queryRows(ctx.dbHandle, sql`select 1 from sessions`)).toEqual([]);
    expect(await keysUnder(redis, `${prefix}session:${hashToken(first.cookie ?? '')}`)).toHaveLength(1);

    const cookie = first.cookie;
    expect((await second.post('/api/kl_api/logout')).statusCode).toBe(200);
    first.cookie = cookie;
    expect((await first.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
  });

  it('counts failed logins across both instances, in Redis only', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? ctx.app : other;
      const wrong = await createClient(app).post(
        '/api/kl_api/login',
        { email: customer.email, password: 'not the password' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      expect(wrong.statusCode).toBe(401);
    }
    for (const app of [ctx.app, other]) {
      const refused = await createClient(app).post(
        '/api/kl_api/login',
        { email: customer.email, password: DEFAULT_PASSWORD },
        { 'x-forwarded-for': '203.0.113.99' },
      );
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await queryRows(ctx.dbHandle, sql`select 1 from rate_counters`)).toEqual([]);
    const keys = await keysUnder(redis, `${prefix}rate:login-fail:account:${customer.email}:`);
    expect(keys).toHaveLength(1);
    expect(await redis.get(keys[0] ?? '')).toBe('10');
  });

  it('a password reset ends every session on every instance', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    const first = createClient(ctx.app);
    await first.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    const second = createClient(other);
    await second.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    const token = randomBytes(32).toString('base64url');
    await createAuthRepository(ctx.dbHandle.db).insertToken({
      customerId: customer.id,
      purpose: 'reset_password',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    const reset = await createClient(other).post('/api/kl_api/reset_password', {
      token,
      newPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    for (const client of [first, second, onOther(first.cookie)]) {
      expect((await client.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
    }
    for (const cookie of [first.cookie, second.cookie]) {
      expect(await redis.exists(`${prefix}session:${hashToken(cookie ?? '')}`)).toBe(0);
    }
  });

  it('suspending a customer ends their sessions on both instances and counts them', async () => {
    const { client: admin } = await loginAdmin(ctx);
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    const first = createClient(ctx.app);
    await first.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    const second = createClient(other);
    await second.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    const suspended = await call(other, admin, 'POST', `/api/admin/customers/${customer.id}/suspend`);
    expect(suspended.json()).toEqual({ id: customer.id, suspended: true, sessionsEnded: 2 });
    expect((await first.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
    expect((await second.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
  });

  it('erasing an account ends its sessions and forgets its counters in Redis', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    await createClient(ctx.app).post('/api/kl_api/login', { email: customer.email, password: 'wrong one' });
    const first = createClient(ctx.app);
    await first.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    const second = createClient(other);
    await second.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    expect(await keysUnder(redis, `${prefix}rate:login-fail:account:${customer.email}:`)).toHaveLength(1);
    const erased = await first.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await second.get('/api/kl_api/user_online')).json()).toEqual({ user: null });
    expect(await keysUnder(redis, `${prefix}rate:login-fail:account:${customer.email}:`)).toEqual([]);
    expect(await redis.smembers(`${prefix}customer-sessions:${customer.id}`)).toEqual([]);
  });
});

describe.skipIf(!testRedisUrl)(title('Redis out of reach'), () => {
  let ctx: TestContext;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let redis: Redis;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    const target = new URL(testRedisUrl ?? 'redis://127.0.0.1:6379');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    ctx = await buildTestApp({ REDIS_URL: viaProxy.toString() }, { redisKeyPrefix: prefix });
    redis = openTestRedis();
  });

  afterAll(async () => {
    await ctx?.close();
    await proxy?.close();
    if (redis) {
      await cleanRedis(redis, prefix);
      redis.disconnect();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE and reports not ready while Redis is down, then recovers', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    const client = createClient(ctx.app);
    await client.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await proxy.cut();
    const me = await client.get('/api/kl_api/user_online');
    expect(me.statusCode).toBe(503);
    expect(me.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    expect(me.headers['retry-after']).toBe('2');
    expect(me.body).not.toMatch(/redis|ECONNREFUSED|stack/i);
    const login = await createClient(ctx.app).post('/api/kl_api/login', {
      email: customer.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    // Pages that need no session still answer.
    expect((await createClient(ctx.app).get('/api/kl_api/user_online')).json()).toEqual({ user: null });

    await proxy.restore();
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/readyz' })).statusCode, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(200);
    expect((await client.get('/api/kl_api/user_online')).json()).toMatchObject({
      user: { email: customer.email },
    });
  });

  it('answers 503 rather than waiting when Redis stops answering on an open connection', async () => {
    const { customer } = await insertCustomer(ctx.dbHandle.db);
    const client = createClient(ctx.app);
    await client.post('/api/kl_api/login', { email: customer.email, password: DEFAULT_PASSWORD });
    proxy.stall();
    try {
      const me = await client.get('/api/kl_api/user_online');
      expect(me.statusCode).toBe(503);
      expect(me.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
      expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      proxy.unstall();
    }
    await expect
      .poll(async () => (await client.get('/api/kl_api/user_online')).json(), {
        timeout: 15_000,
        interval: 200,
      })
      .toMatchObject({ user: { email: customer.email } });
  });

  it('starts without Redis, not ready and answering 503, and catches up when Redis comes', async () => {
    const target = new URL(testRedisUrl ?? 'redis://127.0.0.1:6379');
    const late = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    await late.cut();
    const viaLate = new URL(target);
    viaLate.hostname = '127.0.0.1';
    viaLate.port = String(late.port);
    const alone = await buildTestApp({ REDIS_URL: viaLate.toString() }, { redisKeyPrefix: prefix });
    try {
      expect((await alone.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      const { customer } = await insertCustomer(alone.dbHandle.db);
      const client = createClient(alone.app);
      const refused = await client.post('/api/kl_api/login', {
        email: customer.email,
        password: DEFAULT_PASSWORD,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
      await late.restore();
      await expect
        .poll(async () => (await alone.app.inject({ url: '/readyz' })).statusCode, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(200);
      const login = await client.post('/api/kl_api/login', {
        email: customer.email,
        password: DEFAULT_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await alone.close();
      await late.close();
    }
  });
});
