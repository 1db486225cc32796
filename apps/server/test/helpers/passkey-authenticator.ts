import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { createClient } from './http.ts';

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, backup eligible/state, attested data. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

/** The WebAuthn options the store hands out, as far as an authenticator reads them. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface SoftCredential {
  id: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface CeremonyOverrides {
  /** Sign this challenge instead of the options' one. */
  challenge?: string;
  /** Claim this page origin instead of the authenticator's. */
  origin?: string;
  /** Answer without user verification (a touch only, no PIN or biometrics). */
  userVerified?: boolean;
  /** Use this credential (the first one by default). */
  credential?: SoftCredential;
  /** Report this signature counter instead of the next one. */
  counter?: number;
}

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

/** The P-256 public key as a COSE_Key map (kty EC2, alg ES256, crv P-256, x, y). */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
    [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
  ]);
  return isoCBOR.encode(cose);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/**
 * A software passkey authenticator for the tests: ES256 keys from node:crypto, `none` attestation,
 * discoverable credentials that are synced (backup eligible and backed up), a signature counter that goes
 * up by one per login. It answers the store's options the way a browser and an authenticator would, and
 * each answer can be bent (another challenge or origin, no user verification, a stale counter).
 */
export function createSoftAuthenticator(page: { origin: string; rpId: string }) {
  const credentials: SoftCredential[] = [];

  function flags(overrides: CeremonyOverrides, attested: boolean): number {
    return UP | (overrides.userVerified === false ? 0 : UV) | BE | BS | (attested ? AT : 0);
  }

  return {
    credentials,

    /** Creates a credential for the options (as `navigator.credentials.create`) and answers them. */
    register(options: CreationOptions, overrides: CeremonyOverrides = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = randomBytes(16);
      const credential: SoftCredential = { id: b64(id), userHandle: options.user.id, privateKey, counter: 0 };
      const rpId = options.rp.id ?? page.rpId;
      const credentialLength = Buffer.alloc(2);
      credentialLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(overrides, true)]),
        uint32(0),
        Buffer.alloc(16),
        credentialLength,
        id,
        coseKeyOf(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      credentials.push(credential);
      const challenge = overrides.challenge ?? options.challenge;
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientData('webauthn.create', challenge, overrides.origin ?? page.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** Signs the options' challenge with a stored credential (as `navigator.credentials.get`). */
    login(options: RequestOptions, overrides: CeremonyOverrides = {}) {
      const credential = overrides.credential ?? credentials[0];
      if (!credential) throw new Error('The authenticator holds no passkey yet');
      credential.counter = overrides.counter ?? credential.counter + 1;
      const authData = Buffer.concat([
        sha256(options.rpId ?? page.rpId),
        Buffer.from([flags(overrides, false)]),
        uint32(credential.counter),
      ]);
      const data = clientData(
        'webauthn.get',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? page.origin,
      );
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;

type Client = ReturnType<typeof createClient>;

/** The public URL of the stores the passkey tests build, and the page the authenticator answers for. */
export const PASSKEY_STORE_ENV = { PUBLIC_URL: 'https://store.test' };
export const PASSKEY_PAGE = { origin: 'https://store.test', rpId: 'store.test' };

/** Calls as if from the address `ip` (the store trusts the loopback proxy's X-Forwarded-For). */
const from = (ip: string | undefined): Record<string, string> => (ip ? { 'x-forwarded-for': ip } : {});

/** Adds a passkey to the client's account through the API: answers the finishing call's response. */
export async function addPasskey(
  client: Client,
  authenticator: SoftAuthenticator,
  options: { name?: string; overrides?: CeremonyOverrides } = {},
) {
  const start = await client.post('/api/account/passkeys/registration/start');
  if (start.statusCode !== 200) throw new Error(`registration start: ${start.statusCode} ${start.body}`);
  const response = authenticator.register(start.json() as CreationOptions, options.overrides);
  return client.post('/api/account/passkeys/registration/finish', {
    response,
    ...(options.name ? { name: options.name } : {}),
  });
}

/** A login ceremony through the API (start, the authenticator's answer, finish) from address `ip`. */
export async function loginWithPasskey(
  client: Client,
  authenticator: SoftAuthenticator,
  options: { ip?: string; overrides?: CeremonyOverrides } = {},
) {
  const start = await client.post('/api/kl_api/login/passkey/start', undefined, from(options.ip));
  if (start.statusCode !== 200) return start;
  const response = authenticator.login(start.json() as RequestOptions, options.overrides);
  return client.post('/api/kl_api/login/passkey/finish', { response }, from(options.ip));
}
