import type { SessionUser } from '@keyland/core/schemas/accounts';
import type { PasskeyRequestOptions } from '@keyland/core/schemas/passkeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findAccount,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  type RateLimiter,
  type RateRule,
  type SessionService,
  toSessionUser,
} from '../accounts/index.ts';
import { passkeyChallenges } from './passkey-challenges.ts';
import { createPasskeysRepository } from './passkeys.repository.ts';
import { passkeyInvalid } from './passkeys.service.ts';
import { createWebAuthn, relyingPartyOf } from './passkeys.webauthn.ts';

/** Login ceremonies started by one address (each stores a challenge): generous for people, not for floods. */
export const PASSKEY_LOGIN_STARTS_PER_IP: RateRule = {
  name: 'passkey-start:ip',
  limit: 60,
  windowMs: 60_000,
};

export interface PasskeyLoginDeps {
  db: Database;
  sessions: SessionService;
  limiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}

export interface LoginMeta {
  ip: string;
  userAgent?: string | undefined;
  /** The session the browser had before (ended once the new one exists). */
  previousToken?: string | undefined;
}

const rateLimited = (retryAfterSec: number) =>
  new AppError('RATE_LIMITED', 'Too many attempts, try again later', {
    headers: { 'retry-after': String(retryAfterSec) },
  });

/**
 * Logging in with a passkey instead of the password. The session is created at once, for admins too:
 * the passkey was used with user verification (a PIN or biometrics on the device), so it counts as both
 * factors and no TOTP code is asked. Failed answers count with failed password logins, under the same
 * limits (per address, and per account once the passkey names one).
 */
export function createPasskeyLoginService(deps: PasskeyLoginDeps) {
  const { db, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPasskeysRepository(db);
  const challenges = passkeyChallenges(repository, now);
  const webAuthn = createWebAuthn(relyingPartyOf(deps.publicUrl));

  async function guard(rule: RateRule, subject: string): Promise<void> {
    const decision = await limiter.check(rule, subject);
    if (decision.limited) throw rateLimited(decision.retryAfterSec);
  }

  /** Counts a failed answer (per address, and per account when known) and throws `error`. */
  async function failed(error: AppError, ip: string, email?: string): Promise<never> {
    await limiter.hit(LOGIN_FAILURES_PER_IP, ip);
    if (email) await limiter.hit(LOGIN_FAILURES_PER_ACCOUNT, email);
    throw error;
  }

  return {
    /** The options for `navigator.credentials.get` (any passkey of this store: no e-mail needed). */
    async start(meta: LoginMeta): Promise<PasskeyRequestOptions> {
      await guard(LOGIN_FAILURES_PER_IP, meta.ip);
      const started = await limiter.hit(PASSKEY_LOGIN_STARTS_PER_IP, meta.ip);
      if (started.limited) throw rateLimited(started.retryAfterSec);
      const options = await webAuthn.loginOptions();
      await challenges.keep(options.challenge, 'login');
      return options;
    },

    /** Checks the signed challenge against the stored passkey; a session for its account when it holds. */
    async finish(
      response: AuthenticationResponseJSON,
      meta: LoginMeta,
    ): Promise<{ token: string; user: SessionUser; customerId: number }> {
      await guard(LOGIN_FAILURES_PER_IP, meta.ip);
      const { challenge, taken } = await challenges.take(response.response.clientDataJSON, 'login');
      if (!challenge || !taken)
        return failed(passkeyInvalid('The passkey request has expired or was already answered'), meta.ip);
      const passkey = await repository.byCredentialId(response.id);
      const account = passkey ? await findAccount(db, passkey.customerId) : undefined;
      if (!passkey || !account)
        return failed(new AppError('PASSKEY_UNKNOWN', 'This passkey is not registered here'), meta.ip);
      await guard(LOGIN_FAILURES_PER_ACCOUNT, account.email);
      const handle = response.response.userHandle;
      const used =
        handle === undefined || handle === passkey.userHandle
          ? await webAuthn.verifyLogin(response, challenge, passkey)
          : undefined;
      if (!used) return failed(passkeyInvalid('The passkey could not be verified'), meta.ip, account.email);
      if (account.suspended) throw new AppError('ACCOUNT_SUSPENDED', 'This account is suspended');
      await repository.markUsed(passkey.id, { ...used, at: now() });
      const token = await deps.sessions.create(account.id, { ip: meta.ip, userAgent: meta.userAgent });
      if (meta.previousToken) await deps.sessions.revoke(meta.previousToken);
      return { token, user: toSessionUser(account), customerId: account.id };
    },
  };
}

export type PasskeyLoginService = ReturnType<typeof createPasskeyLoginService>;
