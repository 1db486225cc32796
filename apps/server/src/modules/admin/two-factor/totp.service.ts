import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { KeyVault } from '../../../lib/key-vault.ts';
import type { RateLimiter, RateRule } from '../../accounts/index.ts';
import {
  findAccount,
  hashToken,
  newToken,
  type SessionService,
  toSessionUser,
} from '../../accounts/index.ts';
import { auditTrail } from '../../audit/index.ts';
import type { Actor } from '../index.ts';
import { createTotpRepository } from './totp.repository.ts';

/** RFC 6238 defaults, which every authenticator app understands. */
const PERIOD_S = 30;
const DIGITS = 6;
/** One step either side of now is accepted (clock drift of the phone). */
const WINDOW = 1;
const ISSUER = 'Keyland';
/** A login waits this long for its code, and allows this many attempts. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** Wrong codes, counted like failed logins (per account and per address). */
export const TOTP_FAILURES_PER_ACCOUNT: RateRule = {
  name: 'totp-fail:account',
  limit: 10,
  windowMs: 15 * 60_000,
};
export const TOTP_FAILURES_PER_IP: RateRule = { name: 'totp-fail:ip', limit: 30, windowMs: 60_000 };

export interface TotpDeps {
  db: Database;
  keyVault: KeyVault;
  sessions: SessionService;
  limiter: RateLimiter;
  now?: () => Date;
}

const totpOf = (secret: string, label = 'admin') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

const invalid = () => new AppError('TOTP_INVALID', 'The code is not valid', { field: 'code' });

/** Records in the audit trail that the admin switched their second factor on (`enabled`) or off. */
const auditSwitch = (tx: Executor, actor: Actor, enabled: boolean) =>
  auditTrail(tx).record(actor, {
    action: enabled ? 'totp.enable' : 'totp.disable',
    targetType: 'customer',
    targetId: actor.adminId,
    before: { totp: !enabled },
    after: { totp: enabled },
  });

/**
 * The admins' TOTP second factor: enrolment (a server-generated secret, stored encrypted with the key
 * vault, switched on only after a first valid code), the code step of an admin login, and disabling.
 * A code is accepted once: the time step of the last accepted code is stored and only a later one passes.
 */
export function createTotpService(deps: TotpDeps) {
  const { db, keyVault } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createTotpRepository(db);

  async function guard(customerId: number, ip: string): Promise<void> {
    for (const [rule, subject] of [
      [TOTP_FAILURES_PER_ACCOUNT, String(customerId)],
      [TOTP_FAILURES_PER_IP, ip],
    ] as const) {
      const decision = await deps.limiter.check(rule, subject);
      if (decision.limited)
        throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', {
          headers: { 'retry-after': String(decision.retryAfterSec) },
        });
    }
  }

  async function failed(customerId: number, ip: string): Promise<never> {
    await deps.limiter.hit(TOTP_FAILURES_PER_ACCOUNT, String(customerId));
    await deps.limiter.hit(TOTP_FAILURES_PER_IP, ip);
    throw invalid();
  }

  /** The time step a code belongs to, or null when it is not valid around now. */
  function stepOf(secretCiphertext: string, code: string): number | null {
    const totp = totpOf(keyVault.decrypt(secretCiphertext));
    const timestamp = now().getTime();
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  }

  /**
   * Checks a code against an admin's secret and takes its step (with `db`, which may be a transaction);
   * false for a wrong or already used code. Throws when the factor is not in the expected state.
   */
  async function check(
    executor: Executor,
    customerId: number,
    code: string,
    options: { enabled: boolean; enable?: Date },
  ): Promise<boolean> {
    const repo = createTotpRepository(executor);
    const row = await repo.find(customerId);
    if (!row || (row.enabledAt !== null) !== options.enabled) {
      throw options.enabled
        ? new AppError('TOTP_NOT_ENABLED', 'No second factor is set up')
        : new AppError('TOTP_ALREADY_ENABLED', 'The second factor is already on');
    }
    const step = stepOf(row.secretCiphertext, code);
    return step !== null && (await repo.useStep(customerId, step, options.enable));
  }

  /** `check` behind the rate limit; a wrong code counts and throws TOTP_INVALID. */
  async function verify(
    customerId: number,
    code: string,
    ip: string,
    options: { enabled: boolean },
  ): Promise<void> {
    await guard(customerId, ip);
    if (!(await check(db, customerId, code, options))) await failed(customerId, ip);
  }

  return {
    async status(customerId: number) {
      const row = await repository.find(customerId);
      return { enabled: Boolean(row?.enabledAt), pending: Boolean(row && !row.enabledAt) };
    },

    /** A new secret for an admin without an active second factor; shown once, as text and QR code. */
    async setup(actor: Actor, email: string) {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      if (!(await repository.savePending(actor.adminId, keyVault.encrypt(secret))))
        throw new AppError('TOTP_ALREADY_ENABLED', 'The second factor is already on');
      const uri = totpOf(secret, email).toString();
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        secret,
        uri,
        qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Switches the second factor on with a first valid code of the pending secret. */
    async enable(actor: Actor, code: string): Promise<void> {
      await guard(actor.adminId, actor.ip);
      // Switched on and audited together; a wrong code changes nothing and then counts as a failure.
      const ok = await db.transaction(async (tx) => {
        if (!(await check(tx, actor.adminId, code, { enabled: false, enable: now() }))) return false;
        await auditSwitch(tx, actor, true);
        return true;
      });
      if (!ok) await failed(actor.adminId, actor.ip);
    },

    /** Switches it off; a valid code proves the admin still holds the authenticator. */
    async disable(actor: Actor, code: string): Promise<void> {
      await verify(actor.adminId, code, actor.ip, { enabled: true });
      await db.transaction(async (tx) => {
        await createTotpRepository(tx).remove(actor.adminId);
        await auditSwitch(tx, actor, false);
      });
    },

    /** For the password step of a login: a challenge when this account must also give a code. */
    async challengeFor(customerId: number): Promise<string | null> {
      const row = await repository.find(customerId);
      if (!row?.enabledAt) return null;
      const token = newToken();
      await repository.insertChallenge({
        tokenHash: hashToken(token),
        customerId,
        expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS),
      });
      return token;
    },

    /** The code step of a login: a session only for a live challenge and a valid, unused code. */
    async completeLogin(
      challenge: string,
      code: string,
      meta: { ip: string; userAgent?: string | undefined },
    ) {
      const tokenHash = hashToken(challenge);
      const pending = await repository.attemptChallenge(tokenHash, now());
      if (!pending || pending.attempts > CHALLENGE_MAX_ATTEMPTS) {
        if (pending) await repository.deleteChallenge(tokenHash);
        throw new AppError('TOKEN_INVALID', 'The login has expired; log in again');
      }
      await verify(pending.customerId, code, meta.ip, { enabled: true });
      await repository.deleteChallenge(tokenHash);
      const customer = await findAccount(db, pending.customerId);
      if (!customer || customer.suspended)
        throw new AppError('ACCOUNT_SUSPENDED', 'This account is suspended');
      const token = await deps.sessions.create(customer.id, meta);
      return { token, user: toSessionUser(customer) };
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
