import type { Passkey, PasskeyCreationOptions } from '@keyland/core/schemas/passkeys';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { findAccount, newToken } from '../accounts/index.ts';
import { auditTrail } from '../audit/index.ts';
import { passkeyChallenges } from './passkey-challenges.ts';
import { createPasskeysRepository, type PasskeyRow } from './passkeys.repository.ts';
import { createWebAuthn, relyingPartyOf } from './passkeys.webauthn.ts';

/** The name of a passkey added without one. */
const DEFAULT_NAME = 'Passkey';

export interface PasskeysDeps {
  db: Database;
  publicUrl: string;
  now?: () => Date;
}

/** Who acts on their own passkeys: the session's account, its role and address (for the audit trail). */
export interface PasskeyOwner {
  customerId: number;
  email: string;
  fullName: string;
  role: 'user' | 'admin';
  ip: string;
}

/** Whether an account has a password to log in with (every account made so far has; see decision 036). */
export const hasPassword = (account: { passwordHash: string }): boolean => account.passwordHash !== '';

/**
 * The last-credential rule: a passkey may be removed only while another way to log in remains, a
 * password or another passkey.
 */
export function mayRemovePasskey(account: { hasPassword: boolean; passkeys: number }): boolean {
  return account.hasPassword || account.passkeys > 1;
}

export const passkeyInvalid = (message: string) => new AppError('PASSKEY_INVALID', message);

export function toPasskey(row: PasskeyRow, removable: boolean): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    removable,
  };
}

/**
 * A customer's (or an admin's) passkeys: adding one through the WebAuthn registration ceremony, listing,
 * renaming and removing them. An admin's additions and removals go to the audit trail like the TOTP
 * factor's; everyone's are security events of the request log.
 */
export function createPasskeysService(deps: PasskeysDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPasskeysRepository(db);
  const challenges = passkeyChallenges(repository, now);
  const webAuthn = createWebAuthn(relyingPartyOf(deps.publicUrl));

  async function passwordOf(executor: Executor, customerId: number): Promise<boolean> {
    const account = await findAccount(executor, customerId);
    if (!account) throw notFound('Unknown account');
    return hasPassword(account);
  }

  /** Whether any one of the customer's passkeys may be removed now. */
  async function removable(customerId: number): Promise<boolean> {
    return mayRemovePasskey({
      hasPassword: await passwordOf(db, customerId),
      passkeys: await repository.countOf(customerId),
    });
  }

  async function audit(tx: Executor, owner: PasskeyOwner, action: string, passkey: PasskeyRow) {
    if (owner.role !== 'admin') return;
    const what = { passkeyId: passkey.id, name: passkey.name };
    await auditTrail(tx).record(
      { adminId: owner.customerId, ip: owner.ip },
      {
        action,
        targetType: 'customer',
        targetId: owner.customerId,
        before: action === 'passkey.remove' ? what : null,
        after: action === 'passkey.add' ? what : null,
      },
    );
  }

  return {
    async list(customerId: number): Promise<Passkey[]> {
      const rows = await repository.ofCustomer(customerId);
      const password = await passwordOf(db, customerId);
      const canRemove = mayRemovePasskey({ hasPassword: password, passkeys: rows.length });
      return rows.map((row) => toPasskey(row, canRemove));
    },

    /** The options for `navigator.credentials.create`; its challenge is kept for this account only. */
    async startRegistration(owner: PasskeyOwner): Promise<PasskeyCreationOptions> {
      const existing = await repository.ofCustomer(owner.customerId);
      // One WebAuthn user id per account, so an authenticator keeps one passkey of it.
      const userHandle = existing[0]?.userHandle ?? newToken();
      const options = await webAuthn.registrationOptions({
        userHandle,
        userName: owner.email,
        displayName: owner.fullName,
        exclude: existing,
      });
      await challenges.keep(options.challenge, 'registration', { customerId: owner.customerId, userHandle });
      return options;
    },

    /** Checks the authenticator's answer to this account's challenge and stores the new passkey. */
    async finishRegistration(
      owner: PasskeyOwner,
      response: RegistrationResponseJSON,
      name: string | undefined,
    ): Promise<Passkey> {
      const { challenge, taken } = await challenges.take(response.response.clientDataJSON, 'registration');
      if (!challenge || !taken?.userHandle || taken.customerId !== owner.customerId)
        throw passkeyInvalid('The passkey request has expired or was already answered; try again');
      const credential = await webAuthn.verifyRegistration(response, challenge);
      if (!credential) throw passkeyInvalid('The passkey could not be verified');
      const userHandle = taken.userHandle;
      const row = await db.transaction(async (tx) => {
        const inserted = await createPasskeysRepository(tx).insert({
          customerId: owner.customerId,
          ...credential,
          userHandle,
          name: name ?? DEFAULT_NAME,
          createdAt: now(),
        });
        if (!inserted) throw new AppError('CONFLICT', 'This passkey is already registered');
        await audit(tx, owner, 'passkey.add', inserted);
        return inserted;
      });
      return toPasskey(row, await removable(owner.customerId));
    },

    async rename(customerId: number, id: number, name: string): Promise<Passkey> {
      const row = await repository.rename(customerId, id, name);
      if (!row) throw notFound('No such passkey');
      return toPasskey(row, await removable(customerId));
    },

    /** Removes one of the owner's passkeys, unless it is the last way left to log in. */
    async remove(owner: PasskeyOwner, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = createPasskeysRepository(tx);
        // Locked, so that two removals at once cannot take the last two passkeys of an account.
        const rows = await repo.lockOf(owner.customerId);
        const row = rows.find((r) => r.id === id);
        if (!row) throw notFound('No such passkey');
        const password = await passwordOf(tx, owner.customerId);
        if (!mayRemovePasskey({ hasPassword: password, passkeys: rows.length }))
          throw new AppError('PASSKEY_LAST_LOGIN', 'This passkey is the only way left to log in');
        await repo.remove(owner.customerId, id);
        await audit(tx, owner, 'passkey.remove', row);
      });
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
