import type { SessionStore } from './session-store.port.ts';

export interface RateRule {
  /** Counter name prefix, e.g. `login-fail:account`. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  limited: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSec: number;
}

/**
 * Fixed-window limits whose counters live in the database (or Redis), so that they hold across every
 * instance of the store. `check` reads without counting (for "failed attempts" rules); `hit` counts and decides.
 */
export function createRateLimiter(store: SessionStore, now: () => Date = () => new Date()) {
  function windowOf(rule: RateRule) {
    const t = now().getTime();
    const start = t - (t % rule.windowMs);
    return {
      start: new Date(start),
      end: new Date(start + rule.windowMs),
      retryAfterSec: Math.max(1, Math.ceil((start + rule.windowMs - t) / 1000)),
    };
  }

  return {
    async check(rule: RateRule, subject: string): Promise<RateDecision> {
      const w = windowOf(rule);
      const count = await store.readCounter(`${rule.name}:${subject}`, w.start);
      return { limited: count >= rule.limit, retryAfterSec: w.retryAfterSec };
    },

    async hit(rule: RateRule, subject: string): Promise<RateDecision> {
      const w = windowOf(rule);
      const count = await store.incrementCounter(`${rule.name}:${subject}`, w.start, w.end);
      return { limited: count > rule.limit, retryAfterSec: w.retryAfterSec };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const LOGIN_FAILURES_PER_ACCOUNT: RateRule = {
  name: 'login-fail:account',
  limit: 10,
  windowMs: 15 * 60_000,
};
export const LOGIN_FAILURES_PER_IP: RateRule = { name: 'login-fail:ip', limit: 30, windowMs: 60_000 };
export const FORGOT_PER_ACCOUNT: RateRule = { name: 'forgot:account', limit: 5, windowMs: 60 * 60_000 };
export const FORGOT_PER_IP: RateRule = { name: 'forgot:ip', limit: 30, windowMs: 60 * 60_000 };
export const RESEND_VERIFICATION_PER_ACCOUNT: RateRule = {
  name: 'verify-resend',
  limit: 3,
  windowMs: 60 * 60_000,
};
export const REGISTER_PER_IP: RateRule = { name: 'register:ip', limit: 20, windowMs: 60 * 60_000 };
