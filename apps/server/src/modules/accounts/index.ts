/** The accounts module's public face: what other modules may use. Everything else in the folder is private. */

export { findAccount } from './accounts.service.ts';
export {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  type RateLimiter,
  type RateRule,
} from './rate-limiter.ts';
export { hashToken, newToken, type SessionService, toSessionUser } from './session.service.ts';
export { databaseSessionStores } from './session-store.database.ts';
export type { SessionStore, SessionStores } from './session-store.port.ts';
