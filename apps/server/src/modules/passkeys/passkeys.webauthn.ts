import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@keyland/core/schemas/passkeys';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeyDeviceType } from '../../db/schema/index.ts';

/**
 * The key algorithms accepted, in order of preference: the ones every authenticator offers. Named here
 * so that the library does not probe the runtime for post-quantum ones (an experimental Node API).
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** The browser is given this long to let the person answer; the challenge lives a little longer. */
const CEREMONY_TIMEOUT_MS = 3 * 60_000;

/** The store as WebAuthn sees it: its RP ID (host name) and origin, both from the configured public URL. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Keyland' };
}

/** The challenge an answer signed (read from its client data), or undefined when it cannot be read. */
export function challengeOfAnswer(clientDataJSON: string): string | undefined {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
}

export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export interface UsedCredential {
  counter: number;
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
}

/**
 * The WebAuthn ceremonies through SimpleWebAuthn: it builds the options and checks every answer (type,
 * challenge, origin, RP ID hash, flags, attestation, signature, counter). User verification (a PIN, a
 * fingerprint) is required both ways, so a passkey is both factors of a login. Discoverable credentials
 * are required, so logins need no e-mail first (and the browser can offer them as autofill).
 */
export function createWebAuthn(rp: RelyingParty) {
  /** What an answer of either ceremony is checked against: our challenge, origin and RP ID, a verified user. */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  });

  return {
    registrationOptions(input: {
      userHandle: string;
      userName: string;
      displayName: string;
      exclude: StoredCredential[];
    }): Promise<PasskeyCreationOptions> {
      return generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: isoBase64URL.toBuffer(input.userHandle),
        userName: input.userName,
        userDisplayName: input.displayName,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: input.exclude.map((c) => ({ id: c.credentialId, transports: c.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      }) as Promise<PasskeyCreationOptions>;
    },

    /** The new credential, or undefined when the answer does not verify. */
    async verifyRegistration(
      response: RegistrationResponseJSON,
      challenge: string,
    ): Promise<NewCredential | undefined> {
      try {
        const result = await verifyRegistrationResponse({
          response,
          ...expected(challenge),
          supportedAlgorithmIDs: ALGORITHMS,
        });
        if (!result.verified) return undefined;
        const info = result.registrationInfo;
        return {
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: info.credential.transports ?? response.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        };
      } catch {
        return undefined;
      }
    },

    loginOptions(): Promise<PasskeyRequestOptions> {
      return generateAuthenticationOptions({
        rpID: rp.id,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      }) as Promise<PasskeyRequestOptions>;
    },

    /** The credential's new state, or undefined when the answer does not verify against it. */
    async verifyLogin(
      response: AuthenticationResponseJSON,
      challenge: string,
      credential: StoredCredential,
    ): Promise<UsedCredential | undefined> {
      try {
        const result = await verifyAuthenticationResponse({
          response,
          ...expected(challenge),
          credential: {
            id: credential.credentialId,
            publicKey: isoBase64URL.toBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports,
          },
        });
        if (!result.verified || !result.authenticationInfo.userVerified) return undefined;
        const info = result.authenticationInfo;
        return {
          counter: info.newCounter,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        };
      } catch {
        return undefined;
      }
    },
  };
}

export type WebAuthn = ReturnType<typeof createWebAuthn>;
