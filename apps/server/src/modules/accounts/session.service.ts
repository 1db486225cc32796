import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@keyland/core/schemas/accounts';
import type { SessionRow } from './auth.repository.ts';
import type { SessionStore } from './session-store.port.ts';

export const SESSION_COOKIE = 'keyland_session';
/** OWASP ASVS 3.3.2 (level 2): idle expiry 30 minutes, absolute 12 hours. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Admin sessions go idle sooner: 15 minutes. */
export const ADMIN_SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** lastSeenAt is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 bits from the system's CSPRNG, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface ActiveSession extends SessionRow {
  token: string;
}

export function toSessionUser(
  row: Pick<SessionRow, 'email' | 'countryId' | 'role' | 'emailVerified'>,
): SessionUser {
  return {
    email: row.email,
    country: row.countryId,
    kl_user_role: row.role,
    kl_email_verified: row.emailVerified,
  };
}

/** Login sessions, kept in whichever store is configured (database or Redis): the rules are the same. */
export function createSessionService(store: SessionStore, now: () => Date = () => new Date()) {
  return {
    async create(
      customerId: number,
      meta: { userAgent?: string | undefined; ip?: string | undefined },
    ): Promise<string> {
      const token = newToken();
      const at = now();
      await store.insertSession({
        tokenHash: hashToken(token),
        customerId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      });
      return token;
    },

    /** The live session of a cookie token, or undefined (unknown, idle too long, past its absolute expiry, suspended). */
    async resolve(token: string | undefined): Promise<ActiveSession | undefined> {
      if (!token || token.length > 100) return undefined;
      const tokenHash = hashToken(token);
      const row = await store.findSession(tokenHash);
      if (!row) return undefined;
      const t = now().getTime();
      const idleMs = row.role === 'admin' ? ADMIN_SESSION_IDLE_MS : SESSION_IDLE_MS;
      if (row.expiresAt.getTime() <= t || row.lastSeenAt.getTime() + idleMs <= t || row.suspended) {
        await store.deleteSession(tokenHash);
        return undefined;
      }
      if (t - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await store.touchSession(tokenHash, new Date(t));
      return { ...row, token };
    },

    async revoke(token: string): Promise<void> {
      await store.deleteSession(hashToken(token));
    },

    /** Ends every session of a customer (but the caller's own, when given); answers how many ended. */
    async revokeAllOf(customerId: number, exceptToken?: string): Promise<number> {
      return store.deleteSessionsOf(customerId, exceptToken ? hashToken(exceptToken) : undefined);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
