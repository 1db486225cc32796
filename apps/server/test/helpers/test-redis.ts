import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Redis of this run (TEST_REDIS_URL); the Redis tests are skipped without it. */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
export const SKIP_REDIS_REASON =
  'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379): Redis store not tested';

/** A key prefix of its own for one test file, so that files and machines sharing a Redis never meet. */
export function testRedisPrefix(): string {
  return `keyland-test:${randomBytes(6).toString('hex')}:`;
}

/** A plain client on the test Redis, to look at the keys and delete them at the end. */
export function openTestRedis(): Redis {
  if (!testRedisUrl) throw new Error(SKIP_REDIS_REASON);
  return new Redis(testRedisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
}

/** Every key under a prefix. */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** Deletes the keys of a test file. */
export async function cleanRedis(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix);
  if (keys.length > 0) await redis.del(...keys);
}
