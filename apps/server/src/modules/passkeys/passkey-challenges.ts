import type { PasskeyCeremony } from '../../db/schema/index.ts';
import { hashToken } from '../accounts/index.ts';
import type { PasskeysRepository } from './passkeys.repository.ts';
import { challengeOfAnswer } from './passkeys.webauthn.ts';

/** A ceremony's challenge can be answered this long after it was handed out, and once only. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The challenges of both ceremonies (registration, login): each is kept hashed until it expires, and the
 * answer that signed it takes it, so it answers once only.
 */
export function passkeyChallenges(repository: PasskeysRepository, now: () => Date) {
  return {
    /** Keeps a challenge handed out (with, for a registration, the account and WebAuthn user id it is for). */
    keep(
      challenge: string,
      ceremony: PasskeyCeremony,
      owner?: { customerId: number; userHandle: string },
    ): Promise<void> {
      return repository.insertChallenge(
        {
          challengeHash: hashToken(challenge),
          ceremony,
          ...owner,
          expiresAt: new Date(now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
        },
        now(),
      );
    },

    /**
     * The challenge an answer signed (read from its client data) and its kept record, taken at once;
     * `taken` is undefined when the challenge is unreadable, unknown, used or expired.
     */
    async take(clientDataJSON: string, ceremony: PasskeyCeremony) {
      const challenge = challengeOfAnswer(clientDataJSON);
      const taken = challenge
        ? await repository.takeChallenge(hashToken(challenge), ceremony, now())
        : undefined;
      return { challenge, taken };
    },
  };
}
