import type { Executor } from '../../db/client.ts';
import { createAuthRepository } from './auth.repository.ts';
import type { SessionStore, SessionStores } from './session-store.port.ts';

/** Sessions and counters in the store's own database (the default): tables `sessions` and `rate_counters`. */
export const databaseSessionStores: SessionStores = {
  kind: 'database',
  on(db: Executor): SessionStore {
    const repository = createAuthRepository(db);
    return {
      insertSession: (session) => repository.insertSession(session),
      findSession: (tokenHash) => repository.findSession(tokenHash),
      touchSession: (tokenHash, at) => repository.touchSession(tokenHash, at),
      deleteSession: (tokenHash) => repository.deleteSession(tokenHash),
      deleteSessionsOf: (customerId, exceptTokenHash) =>
        repository.deleteSessionsOf(customerId, exceptTokenHash),
      incrementCounter: (key, windowStart, windowEnd) =>
        repository.incrementCounter(key, windowStart, windowEnd),
      readCounter: (key, windowStart) => repository.readCounter(key, windowStart),
      deleteCountersOf: (subject) => repository.deleteCountersOf(subject),
      deleteExpired: async (now) => {
        await repository.deleteExpiredSessions(now);
        await repository.deleteExpiredCounters(now);
      },
    };
  },
  // The database's own readiness is checked by /readyz already.
  ping: async () => {},
  close: async () => {},
};
