import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Executor } from '../../db/client.ts';
import { createAuthRepository } from './auth.repository.ts';
import {
  type NewSession,
  type SessionStore,
  type SessionStores,
  SessionStoreUnavailableError,
} from './session-store.port.ts';

/** Every key of the store starts with this. */
export const REDIS_KEY_PREFIX = 'keyland:';
/** How long a connection attempt or a command may take before the request fails with 503. */
const TIMEOUT_MS = 2_000;

/**
 * Keys (after the prefix):
 * - `session:<sha256 of the token>`: a hash (customerId, createdAt, lastSeenAt, expiresAt, userAgent, ip),
 *   expiring with the session's absolute expiry;
 * - `customer-sessions:<customerId>`: the set of that customer's session hashes, to end them all at once;
 * - `rate:<rule>:<subject>:<window start in ms>`: a fixed-window counter expiring at the window's end.
 */
const INSERT_SESSION = `
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[2], ARGV[2])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
return 1`;

/** Never recreates a session ended meanwhile (a bare HSET would, without expiry). */
const TOUCH_SESSION = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1]) end
return 1`;

const DELETE_SESSION = `
local customer = redis.call('HGET', KEYS[1], 'customerId')
redis.call('DEL', KEYS[1])
if customer then redis.call('SREM', ARGV[1] .. customer, ARGV[2]) end
return 1`;

/** Atomic, so that a session created meanwhile is either ended or not yet listed. */
const DELETE_SESSIONS_OF = `
local ended = 0
for _, hash in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if hash ~= ARGV[2] then
    ended = ended + redis.call('DEL', ARGV[1] .. hash)
    redis.call('SREM', KEYS[1], hash)
  end
end
return ended`;

/** The count and its expiry are set together: a counter can never be left without one. */
const INCREMENT_COUNTER = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Escapes the glob characters of SCAN's MATCH. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

export interface RedisSessionStoresOptions {
  url: string;
  log: FastifyBaseLogger;
  /** Key prefix; tests give each file its own. */
  prefix?: string;
  now?: () => Date;
}

export type RedisSessionStores = SessionStores & { client: Redis };

/** Sessions and counters in Redis (REDIS_URL), shared by every instance of the store. */
export function createRedisSessionStores(options: RedisSessionStoresOptions): RedisSessionStores {
  const prefix = options.prefix ?? REDIS_KEY_PREFIX;
  const now = options.now ?? (() => new Date());
  const client = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
    // Fail at once while disconnected (503) instead of queueing requests until Redis is back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) options.log.error({ err: error.message }, 'redis unavailable');
    down = true;
  });
  client.on('ready', () => {
    if (down) options.log.info('redis reachable again');
    down = false;
  });
  // The first connection is tried in the background; requests before it answer 503.
  const connecting = client.connect().catch(() => {});

  const sessionKey = (tokenHash: string) => `${prefix}session:${tokenHash}`;
  const customerKey = (customerId: number) => `${prefix}customer-sessions:${customerId}`;
  const counterKey = (key: string, windowStart: Date) => `${prefix}rate:${key}:${windowStart.getTime()}`;

  async function guard<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new SessionStoreUnavailableError(error);
    }
  }

  function store(db: Executor): SessionStore {
    const repository = createAuthRepository(db);
    return {
      async insertSession(session: NewSession) {
        const ttl = Math.max(1, session.expiresAt.getTime() - now().getTime());
        const fields = [
          ['customerId', String(session.customerId)],
          ['createdAt', String(session.createdAt.getTime())],
          ['lastSeenAt', String(session.lastSeenAt.getTime())],
          ['expiresAt', String(session.expiresAt.getTime())],
          ['userAgent', session.userAgent ?? ''],
          ['ip', session.ip ?? ''],
        ].flat();
        await guard(() =>
          client.eval(
            INSERT_SESSION,
            2,
            sessionKey(session.tokenHash),
            customerKey(session.customerId),
            ttl,
            session.tokenHash,
            ...fields,
          ),
        );
      },

      async findSession(tokenHash) {
        const stored = await guard(() => client.hgetall(sessionKey(tokenHash)));
        if (!stored.customerId) return undefined;
        const customerId = Number(stored.customerId);
        const customer = await repository.findSessionCustomer(customerId);
        if (!customer) return undefined;
        return {
          tokenHash,
          customerId,
          lastSeenAt: new Date(Number(stored.lastSeenAt)),
          expiresAt: new Date(Number(stored.expiresAt)),
          ...customer,
        };
      },

      async touchSession(tokenHash, at) {
        await guard(() => client.eval(TOUCH_SESSION, 1, sessionKey(tokenHash), String(at.getTime())));
      },

      async deleteSession(tokenHash) {
        await guard(() =>
          client.eval(DELETE_SESSION, 1, sessionKey(tokenHash), `${prefix}customer-sessions:`, tokenHash),
        );
      },

      async deleteSessionsOf(customerId, exceptTokenHash) {
        const ended = await guard(() =>
          client.eval(
            DELETE_SESSIONS_OF,
            1,
            customerKey(customerId),
            `${prefix}session:`,
            exceptTokenHash ?? '',
          ),
        );
        return Number(ended);
      },

      async incrementCounter(key, windowStart, windowEnd) {
        const ttl = Math.max(1, windowEnd.getTime() - now().getTime());
        const count = await guard(() => client.eval(INCREMENT_COUNTER, 1, counterKey(key, windowStart), ttl));
        return Number(count);
      },

      async readCounter(key, windowStart) {
        const count = await guard(() => client.get(counterKey(key, windowStart)));
        return count === null ? 0 : Number(count);
      },

      // Every session and counter key is written with its expiry: Redis drops them itself.
      deleteExpired: async () => {},

      async deleteCountersOf(subject) {
        const match = `${globEscape(`${prefix}rate:`)}*:${globEscape(subject)}:*`;
        await guard(async () => {
          let cursor = '0';
          do {
            const [next, keys] = await client.scan(cursor, 'MATCH', match, 'COUNT', 500);
            // Only `<prefix>rate:<rule>:<subject>:<window start>`, whatever the glob matched.
            const exact = keys.filter((k) => k.endsWith(`:${subject}:${k.split(':').at(-1)}`));
            if (exact.length > 0) await client.del(...exact);
            cursor = next;
          } while (cursor !== '0');
        });
      },
    };
  }

  return {
    kind: 'redis',
    client,
    on: store,
    async ping() {
      await connecting;
      await guard(() => client.ping());
    },
    async close() {
      await connecting;
      client.disconnect();
    },
  };
}
