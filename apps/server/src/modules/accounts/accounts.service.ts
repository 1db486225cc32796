import { isCountryId } from '@keyland/core/countries';
import { isLocale, type Locale, toLocale } from '@keyland/core/locales';
import {
  nameWords,
  normaliseEmail,
  type Profile,
  type RegisterRequest,
  registrationProblem,
  type SessionUser,
  type UpdateProfileRequest,
} from '@keyland/core/schemas/accounts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { BackOffice } from '../backoffice/index.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import { verifyEmailMail } from '../mail/index.ts';
import { createAccountLinks, VERIFY_TOKEN_TTL_MS } from './account-links.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { type AuthRepository, createAuthRepository } from './auth.repository.ts';
import { passwordProblem } from './password-policy.ts';
import { plainText } from './plain-text.ts';
import {
  FORGOT_PER_ACCOUNT,
  FORGOT_PER_IP,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  type RateLimiter,
  type RateRule,
  REGISTER_PER_IP,
  RESEND_VERIFICATION_PER_ACCOUNT,
} from './rate-limiter.ts';
import { hashToken, newToken, type SessionService, toSessionUser } from './session.service.ts';
import type { SessionStores } from './session-store.port.ts';

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  locale: Locale;
}

export interface AccountsDeps {
  db: Database;
  authRepository: AuthRepository;
  sessions: SessionService;
  /** Where sessions live: a password reset ends them in the same transaction where the store can join it. */
  sessionStores: SessionStores;
  limiter: RateLimiter;
  backOffice: BackOffice;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  now?: () => Date;
  /** A second factor: a challenge (and no session yet) for an account that must also give a code. */
  secondFactor?: { challengeFor(customerId: number): Promise<string | null> };
}

/** A hash to verify against when the e-mail is unknown, so that both cases take the same time. */
let dummyHash: Promise<string> | undefined;

/** An account by its id, for the modules that log a customer in by another way (the admin's second factor). */
export const findAccount = (db: Executor, id: number) => createAccountsRepository(db).findById(id);

export function createAccountsService(deps: AccountsDeps) {
  const now = deps.now ?? (() => new Date());
  const accounts = createAccountsRepository(deps.db);
  const { link, mailTokenLink } = createAccountLinks({ ...deps, now });

  async function limit(rule: RateRule, subject: string, count: boolean): Promise<void> {
    const decision = count ? await deps.limiter.hit(rule, subject) : await deps.limiter.check(rule, subject);
    if (decision.limited) {
      throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', {
        headers: { 'retry-after': String(decision.retryAfterSec) },
      });
    }
  }

  const service = {
    async register(input: RegisterRequest, meta: RequestMeta): Promise<{ token: string; user: SessionUser }> {
      await limit(REGISTER_PER_IP, meta.ip, true);
      const problem = registrationProblem(input, (password) => passwordProblem(password));
      if (problem) throw new AppError(problem.code, problem.code, { field: problem.field });
      const email = normaliseEmail(input.email);
      const countryId = input.country as number;
      if (await accounts.findByEmail(email))
        throw new AppError('EMAIL_TAKEN', 'E-mail already registered', { field: 'email' });
      try {
        if (await deps.backOffice.partnerExists(email))
          throw new AppError('EMAIL_TAKEN', 'E-mail already registered', { field: 'email' });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('CUSTOMER_NOT_CREATED', (error as Error).message);
      }

      const passwordHash = await hashPassword(input.password);
      const verifyToken = newToken();
      const lang = toLocale(input.language ?? meta.locale);
      const fullName = nameWords(input.fullName).join(' ');
      const customer = await deps.db
        .transaction(async (tx) => {
          const repo = createAccountsRepository(tx);
          const created = await repo.insertCustomer({
            email,
            fullName,
            countryId,
            customerRank: 1,
            passwordHash,
            role: 'user',
            emailVerified: false,
            lang,
          });
          await createAuthRepository(tx).insertToken({
            customerId: created.id,
            purpose: 'verify_email',
            tokenHash: hashToken(verifyToken),
            expiresAt: new Date(now().getTime() + VERIFY_TOKEN_TTL_MS),
          });
          await deps.mailOutbox.enqueue(tx, {
            toAddress: email,
            kind: 'verify_email',
            ...verifyEmailMail(lang, fullName, link('/verify-email', verifyToken)),
          });
          const partnerId = await deps.backOffice.createPartner({
            name: fullName,
            email,
            countryId,
            customerRank: 1,
            klUserRole: 'user',
            klEmailToken: '',
            klEmailVerified: false,
          });
          if (partnerId) await repo.setBackofficePartnerId(created.id, partnerId);
          return created;
        })
        .catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          if (isUniqueViolation(error))
            throw new AppError('EMAIL_TAKEN', 'E-mail already registered', { field: 'email' });
          if (error instanceof Error && error.name === 'BackOfficeError')
            throw new AppError('CUSTOMER_NOT_CREATED', error.message);
          throw error;
        });
      deps.mailDispatcher.kick();
      const token = await deps.sessions.create(customer.id, meta);
      return { token, user: toSessionUser(customer) };
    },

    async login(
      emailInput: string,
      password: string,
      meta: RequestMeta,
    ): Promise<{ token: string; user: SessionUser } | { challenge: string }> {
      const email = normaliseEmail(emailInput);
      await limit(LOGIN_FAILURES_PER_IP, meta.ip, false);
      await limit(LOGIN_FAILURES_PER_ACCOUNT, email, false);
      const customer = email ? await accounts.findByEmail(email) : undefined;
      dummyHash ??= hashPassword(newToken());
      const ok = await verifyPassword(customer?.passwordHash ?? (await dummyHash), password);
      if (!customer || !ok) {
        await deps.limiter.hit(LOGIN_FAILURES_PER_IP, meta.ip);
        await deps.limiter.hit(LOGIN_FAILURES_PER_ACCOUNT, email);
        throw new AppError('INVALID_CREDENTIALS', 'Wrong e-mail or password');
      }
      if (customer.suspended) throw new AppError('ACCOUNT_SUSPENDED', 'This account is suspended');
      const challenge = await deps.secondFactor?.challengeFor(customer.id);
      if (challenge) return { challenge };
      const token = await deps.sessions.create(customer.id, meta);
      return { token, user: toSessionUser(customer) };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await deps.sessions.revoke(token);
    },

    /** Always answers the same way, whether or not the address has an account. */
    async forgotPassword(emailInput: string, meta: RequestMeta): Promise<void> {
      const email = normaliseEmail(emailInput);
      if (!email) throw new AppError('EMAIL_REQUIRED', 'E-mail is required', { field: 'email' });
      await limit(FORGOT_PER_IP, meta.ip, true);
      await limit(FORGOT_PER_ACCOUNT, email, true);
      const customer = await accounts.findByEmail(email);
      if (!customer || customer.suspended) return;
      await mailTokenLink(customer, 'reset_password');
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      if (!token.trim()) throw new AppError('TOKEN_MISSING', 'Token missing', { field: 'token' });
      const problem = passwordProblem(newPassword, 'newPassword');
      if (problem) throw new AppError(problem.code, problem.code, { field: problem.field });
      const passwordHash = await hashPassword(newPassword);
      const customerId = await deps.db.transaction(async (tx) => {
        const id = await createAuthRepository(tx).consumeToken(hashToken(token), 'reset_password', now());
        if (id === undefined) return undefined;
        const repo = createAccountsRepository(tx);
        await repo.setPassword(id, passwordHash);
        await repo.setEmailVerified(id);
        await deps.sessionStores.on(tx).deleteSessionsOf(id);
        return id;
      });
      if (customerId === undefined) throw new AppError('TOKEN_INVALID', 'The link has expired or is invalid');
    },

    async verifyEmail(token: string): Promise<void> {
      if (!token.trim()) throw new AppError('TOKEN_MISSING', 'Token missing', { field: 'token' });
      const ok = await deps.db.transaction(async (tx) => {
        const id = await createAuthRepository(tx).consumeToken(hashToken(token), 'verify_email', now());
        if (id === undefined) return false;
        await createAccountsRepository(tx).setEmailVerified(id);
        return true;
      });
      if (!ok) throw new AppError('TOKEN_INVALID', 'The link has expired or is invalid');
    },

    async resendVerification(customerId: number): Promise<void> {
      const customer = await accounts.findById(customerId);
      if (!customer || customer.emailVerified) return;
      await limit(RESEND_VERIFICATION_PER_ACCOUNT, String(customerId), true);
      await mailTokenLink(customer, 'verify_email');
    },

    async profile(customerId: number): Promise<Profile> {
      const customer = await accounts.findById(customerId);
      if (!customer) throw new AppError('NOT_FOUND', 'Not found');
      return {
        email: customer.email,
        full_name: customer.fullName,
        country_id: customer.countryId,
        lang: customer.lang,
        bio: customer.bio,
      };
    },

    async updateProfile(customerId: number, input: UpdateProfileRequest): Promise<Profile> {
      const words = nameWords(input.fullName);
      if (words.length < 2)
        throw new AppError('FULL_NAME_TWO_WORDS', 'FULL_NAME_TWO_WORDS', { field: 'fullName' });
      if (!isCountryId(input.country))
        throw new AppError('COUNTRY_REQUIRED', 'COUNTRY_REQUIRED', { field: 'country' });
      const bio = plainText(input.bio);
      if (bio.length > 2000) throw new AppError('VALIDATION_FAILED', 'bio: too long', { field: 'bio' });
      const lang = input.language.trim().slice(0, 2).toLowerCase();
      if (!isLocale(lang))
        throw new AppError('VALIDATION_FAILED', 'language: unsupported', { field: 'language' });
      await accounts.updateProfile(customerId, {
        fullName: words.join(' '),
        countryId: input.country,
        lang,
        bio,
      });
      return service.profile(customerId);
    },
  };
  return service;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && (current as { code: unknown }).code === '23505')
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
