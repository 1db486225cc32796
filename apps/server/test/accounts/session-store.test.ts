import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { customers } from '../../src/db/schema/index.ts';
import { createRateLimiter, type RateRule } from '../../src/modules/accounts/rate-limiter.ts';
import {
  ADMIN_SESSION_IDLE_MS,
  createSessionService,
  hashToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '../../src/modules/accounts/session.service.ts';
import { databaseSessionStores } from '../../src/modules/accounts/session-store.database.ts';
import type { SessionStores } from '../../src/modules/accounts/session-store.port.ts';
import { createRedisSessionStores } from '../../src/modules/accounts/session-store.redis.ts';
import { insertCustomer } from '../factories.ts';
import { createTestDb, testDbKind } from '../helpers/test-db.ts';
import {
  cleanRedis,
  keysUnder,
  openTestRedis,
  SKIP_REDIS_REASON,
  testRedisPrefix,
  testRedisUrl,
} from '../helpers/test-redis.ts';

const MINUTE = 60_000;
const prefix = testRedisPrefix();

interface Adapter {
  name: string;
  skipReason: string | undefined;
  open(now: () => Date): SessionStores;
}

const adapters: Adapter[] = [
  { name: `database (${testDbKind})`, skipReason: undefined, open: () => databaseSessionStores },
  {
    name: 'redis',
    skipReason: testRedisUrl ? undefined : SKIP_REDIS_REASON,
    open: (now) =>
      createRedisSessionStores({ url: testRedisUrl ?? '', log: pino({ level: 'silent' }), prefix, now }),
  },
];

/** The same session and counter rules, run against each store. */
for (const adapter of adapters) {
  const title = `session store: ${adapter.name}${adapter.skipReason ? ` (skipped: ${adapter.skipReason})` : ''}`;
  describe.skipIf(adapter.skipReason !== undefined)(title, () => {
    let dbHandle: DbHandle;
    let stores: SessionStores;
    let clock = Date.UTC(2026, 2, 2, 10, 0, 0);
    const now = () => new Date(clock);

    beforeAll(async () => {
      dbHandle = await createTestDb();
      stores = adapter.open(now);
      // The Redis store connects in the background and answers 503 until then: wait for the connection.
      await stores.ping();
    });

    afterAll(async () => {
      await stores?.close();
      await dbHandle?.close();
    });

    const store = () => stores.on(dbHandle.db);
    const sessionsAt = () => createSessionService(store(), now);

    it('keeps only the hash of a token and resolves it to the account', async () => {
      const { customer } = await insertCustomer(dbHandle.db, { fullName: 'Ada Store' });
      const token = await sessionsAt().create(customer.id, { userAgent: 'test', ip: '192.0.2.1' });
      expect(await store().findSession(token)).toBeUndefined();
      expect(await store().findSession(hashToken(token))).toMatchObject({
        customerId: customer.id,
        email: customer.email,
        fullName: 'Ada Store',
        role: 'user',
      });
      const resolved = await sessionsAt().resolve(token);
      expect(resolved).toMatchObject({ token, customerId: customer.id, email: customer.email });
      expect(await sessionsAt().resolve('not-a-session')).toBeUndefined();
    });

    it('ends a session idle for 30 minutes (15 for an admin); a visit keeps it alive', async () => {
      const { customer } = await insertCustomer(dbHandle.db);
      const { customer: admin } = await insertCustomer(dbHandle.db, { role: 'admin' });
      const start = clock;
      const token = await sessionsAt().create(customer.id, {});
      const adminToken = await sessionsAt().create(admin.id, {});
      clock = start + 20 * MINUTE;
      expect(await sessionsAt().resolve(token)).toBeDefined();
      expect(await sessionsAt().resolve(adminToken)).toBeUndefined();
      expect(await store().findSession(hashToken(adminToken))).toBeUndefined();
      // 45 minutes after login but 25 after the last visit: alive.
      clock = start + 45 * MINUTE;
      expect(await sessionsAt().resolve(token)).toBeDefined();
      clock = start + 45 * MINUTE + SESSION_IDLE_MS;
      expect(await sessionsAt().resolve(token)).toBeUndefined();
      expect(await store().findSession(hashToken(token))).toBeUndefined();
      expect(ADMIN_SESSION_IDLE_MS).toBeLessThan(20 * MINUTE);
    });

    it('ends a session 12 hours after login however busy it is', async () => {
      const { customer } = await insertCustomer(dbHandle.db);
      const start = clock;
      const token = await sessionsAt().create(customer.id, {});
      for (let t = 20 * MINUTE; t < SESSION_ABSOLUTE_MS; t += 20 * MINUTE) {
        clock = start + t;
        expect(await sessionsAt().resolve(token)).toBeDefined();
      }
      clock = start + SESSION_ABSOLUTE_MS;
      expect(await sessionsAt().resolve(token)).toBeUndefined();
      expect(await store().findSession(hashToken(token))).toBeUndefined();
    });

    it('refuses and ends the session of a suspended account', async () => {
      const { customer } = await insertCustomer(dbHandle.db);
      const token = await sessionsAt().create(customer.id, {});
      await dbHandle.db.update(customers).set({ suspended: true }).where(eq(customers.id, customer.id));
      expect(await sessionsAt().resolve(token)).toBeUndefined();
      expect(await store().findSession(hashToken(token))).toBeUndefined();
    });

    it('ends one session, all but the caller’s, or all of a customer', async () => {
      const { customer } = await insertCustomer(dbHandle.db);
      const { customer: other } = await insertCustomer(dbHandle.db);
      const service = sessionsAt();
      const [a, b, c, d] = [
        await service.create(customer.id, {}),
        await service.create(customer.id, {}),
        await service.create(customer.id, {}),
        await service.create(customer.id, {}),
      ];
      const theirs = await service.create(other.id, {});
      await service.revoke(a);
      expect(await service.resolve(a)).toBeUndefined();
      expect(await service.revokeAllOf(customer.id, b)).toBe(2);
      expect(await service.resolve(b)).toBeDefined();
      expect(await service.resolve(c)).toBeUndefined();
      expect(await service.resolve(d)).toBeUndefined();
      expect(await store().deleteSessionsOf(customer.id)).toBe(1);
      expect(await service.resolve(b)).toBeUndefined();
      expect(await store().deleteSessionsOf(customer.id)).toBe(0);
      expect(await service.resolve(theirs)).toBeDefined();
    });

    it('counts in fixed windows: check reads, hit counts, a new window starts from zero', async () => {
      const rule: RateRule = { name: 'test-rule', limit: 3, windowMs: 10 * MINUTE };
      const windowStart = clock - (clock % rule.windowMs);
      clock = windowStart + 4 * MINUTE;
      const limiter = createRateLimiter(store(), now);
      expect(await limiter.check(rule, 'ann@example.com')).toEqual({ limited: false, retryAfterSec: 360 });
      for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, 'ann@example.com')).limited).toBe(false);
      expect(await limiter.check(rule, 'ann@example.com')).toEqual({ limited: true, retryAfterSec: 360 });
      expect((await limiter.hit(rule, 'ann@example.com')).limited).toBe(true);
      expect((await limiter.hit(rule, 'bob@example.com')).limited).toBe(false);
      clock = windowStart + rule.windowMs;
      expect((await limiter.check(rule, 'ann@example.com')).limited).toBe(false);
      expect(await store().readCounter('test-rule:ann@example.com', new Date(windowStart))).toBe(4);
      expect(await store().readCounter('test-rule:ann@example.com', new Date(clock))).toBe(0);
    });

    it('counts concurrent hits without losing any', async () => {
      const rule: RateRule = { name: 'test-burst', limit: 1000, windowMs: 60 * MINUTE };
      const limiter = createRateLimiter(store(), now);
      await Promise.all(Array.from({ length: 40 }, () => limiter.hit(rule, '198.51.100.4')));
      const windowStart = clock - (clock % rule.windowMs);
      expect(await store().readCounter('test-burst:198.51.100.4', new Date(windowStart))).toBe(40);
    });

    it('forgets the counters of an erased address, and only those', async () => {
      const rule: RateRule = { name: 'test-erase', limit: 5, windowMs: 60 * MINUTE };
      const limiter = createRateLimiter(store(), now);
      for (const subject of ['gone@example.com', 'xgone@example.com', 'kept@example.com', '*@example.com'])
        await limiter.hit(rule, subject);
      await store().deleteCountersOf('gone@example.com');
      await store().deleteCountersOf('*@example.com');
      const windowStart = new Date(clock - (clock % rule.windowMs));
      expect(await store().readCounter('test-erase:gone@example.com', windowStart)).toBe(0);
      expect(await store().readCounter('test-erase:*@example.com', windowStart)).toBe(0);
      expect(await store().readCounter('test-erase:xgone@example.com', windowStart)).toBe(1);
      expect(await store().readCounter('test-erase:kept@example.com', windowStart)).toBe(1);
    });
  });
}

describe.skipIf(!testRedisUrl)(
  `session store: redis keys${testRedisUrl ? '' : ` (skipped: ${SKIP_REDIS_REASON})`}`,
  () => {
    let dbHandle: DbHandle;
    let stores: SessionStores;
    let redis: Redis;
    const own = testRedisPrefix();
    let clock = Date.now();
    const now = () => new Date(clock);

    beforeAll(async () => {
      dbHandle = await createTestDb();
      stores = createRedisSessionStores({
        url: testRedisUrl ?? '',
        log: pino({ level: 'silent' }),
        prefix: own,
        now,
      });
      await stores.ping();
      redis = openTestRedis();
    });

    afterAll(async () => {
      await cleanRedis(redis, own);
      await cleanRedis(redis, prefix);
      redis.disconnect();
      await stores?.close();
      await dbHandle?.close();
    });

    it('keys sessions by the token hash, never the token, and expires them with the session', async () => {
      const { customer } = await insertCustomer(dbHandle.db);
      const token = await createSessionService(stores.on(dbHandle.db), now).create(customer.id, {
        userAgent: 'agent',
      });
      const key = `${own}session:${hashToken(token)}`;
      const keys = await keysUnder(redis, own);
      expect(keys).toContain(key);
      expect(keys.some((k) => k.includes(token))).toBe(false);
      expect(Object.values(await redis.hgetall(key))).not.toContain(token);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(SESSION_ABSOLUTE_MS - MINUTE);
      expect(ttl).toBeLessThanOrEqual(SESSION_ABSOLUTE_MS);
    });

    it('never brings back an ended session when a late visit touches it', async () => {
      const { customer } = await insertCustomer(dbHandle.db);
      const store = stores.on(dbHandle.db);
      const token = await createSessionService(store, now).create(customer.id, {});
      await store.deleteSession(hashToken(token));
      await store.touchSession(hashToken(token), now());
      expect(await redis.exists(`${own}session:${hashToken(token)}`)).toBe(0);
    });

    it('gives every counter an expiry at its window’s end, and the counter goes', async () => {
      const rule: RateRule = { name: 'test-expiry', limit: 5, windowMs: 60 * MINUTE };
      const real = Date.now();
      const windowStart = real - (real % rule.windowMs);
      // The last 300 ms of the window.
      clock = windowStart + rule.windowMs - 300;
      await createRateLimiter(stores.on(dbHandle.db), now).hit(rule, 'soon@example.com');
      const key = `${own}rate:test-expiry:soon@example.com:${windowStart}`;
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300);
      await expect.poll(() => redis.exists(key), { timeout: 5_000, interval: 100 }).toBe(0);
    });

    it('leaves no key without an expiry', async () => {
      for (const key of [...(await keysUnder(redis, own)), ...(await keysUnder(redis, prefix))]) {
        expect(await redis.pttl(key), key).toBeGreaterThan(0);
      }
    });
  },
);
