import type { Executor } from '../../db/client.ts';
import type { SessionRow } from './auth.repository.ts';

/** A new login session; only the SHA-256 of the cookie's token is ever stored. */
export interface NewSession {
  tokenHash: string;
  customerId: number;
  createdAt: Date;
  lastSeenAt: Date;
  /** Absolute expiry; the idle expiry is decided by the session service from lastSeenAt. */
  expiresAt: Date;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/**
 * Where login sessions and rate-limit counters live: the database (default) or Redis (REDIS_URL). The
 * session service, the rate limiter and the code that ends sessions speak only to this port, so the
 * rules (expiry, counting windows) are the same whichever store holds the state.
 */
export interface SessionStore {
  insertSession(session: NewSession): Promise<void>;
  /** The session with its customer's current account data, or undefined when unknown. */
  findSession(tokenHash: string): Promise<SessionRow | undefined>;
  touchSession(tokenHash: string, at: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of a customer, except the one given; answers how many ended. */
  deleteSessionsOf(customerId: number, exceptTokenHash?: string): Promise<number>;
  /** Adds one to the fixed-window counter `key` of the window starting at `windowStart`; answers the new count. */
  incrementCounter(key: string, windowStart: Date, windowEnd: Date): Promise<number>;
  readCounter(key: string, windowStart: Date): Promise<number>;
  /** Forgets the counters kept for a subject (`<rule>:<subject>`), e.g. an erased customer's address. */
  deleteCountersOf(subject: string): Promise<void>;
  /** Drops sessions past their absolute expiry and counters past their window (Redis expires its own). */
  deleteExpired(now: Date): Promise<void>;
}

export interface SessionStores {
  kind: 'database' | 'redis';
  /**
   * The store seen from `db`. The database store joins `db` when it is a transaction (its changes commit
   * or roll back with it); Redis cannot, so its changes happen at once (and `db` serves only to read the
   * customer of a session).
   */
  on(db: Executor): SessionStore;
  /** Rejects when the store cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The store could not be reached or did not answer in time: the request may succeed when repeated. */
export class SessionStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('session store unavailable', { cause });
    this.name = 'SessionStoreUnavailableError';
  }
}
