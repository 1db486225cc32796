import { toLocale } from '@keyland/core/locales';
import type { Database } from '../../db/client.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import { passwordResetMail, verifyEmailMail } from '../mail/index.ts';
import { createAuthRepository } from './auth.repository.ts';
import { hashToken, newToken } from './session.service.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;

/** The single-use links mailed to a customer: resetting a password and checking an e-mail address. */
export function createAccountLinks(deps: {
  db: Database;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  now: () => Date;
}) {
  const { now } = deps;

  function link(path: string, token: string): string {
    return `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Mails a fresh single-use link (older unused links of the same purpose stop working), in one
   * transaction with the outbox row. Registration inserts its first link inside its own transaction.
   */
  async function mailTokenLink(
    customer: { id: number; email: string; fullName: string; lang: string },
    purpose: 'reset_password' | 'verify_email',
  ): Promise<void> {
    const token = newToken();
    const at = now();
    const ttl = purpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
    const locale = toLocale(customer.lang);
    const mail =
      purpose === 'reset_password'
        ? passwordResetMail(locale, customer.fullName, link('/reset-password', token))
        : verifyEmailMail(locale, customer.fullName, link('/verify-email', token));
    await deps.db.transaction(async (tx) => {
      const auth = createAuthRepository(tx);
      await auth.voidTokens(customer.id, purpose, at);
      await auth.insertToken({
        customerId: customer.id,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(at.getTime() + ttl),
      });
      await deps.mailOutbox.enqueue(tx, { toAddress: customer.email, kind: purpose, ...mail });
    });
    deps.mailDispatcher.kick();
  }

  return { link, mailTokenLink };
}
