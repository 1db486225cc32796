import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH } from '../account-rules.ts';

export { PASSKEY_NAME_MAX_LENGTH };

/**
 * Passkeys (WebAuthn): the customer's list, and the two ceremonies, each a start (the options the
 * browser passes to `navigator.credentials`) and a finish (what the authenticator answered). The
 * options and answers follow the WebAuthn JSON forms that SimpleWebAuthn reads and writes.
 */

/** Bytes in base64url, as WebAuthn's JSON forms carry them. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: 'Not base64url' });

export const passkeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH);

export const passkeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Synced to the customer's other devices (a password manager, iCloud Keychain…). */
    backedUp: z.boolean(),
    /** False when it is the account's only way to log in (it cannot be removed then). */
    removable: z.boolean(),
  })
  .meta({ id: 'Passkey' });

export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) }).meta({ id: 'PasskeyList' });

export type PasskeyList = z.infer<typeof passkeyListSchema>;

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** `PublicKeyCredentialCreationOptionsJSON`: what `navigator.credentials.create` is given. */
export const passkeyCreationOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(credentialDescriptorSchema).optional(),
    authenticatorSelection: z.looseObject({}).optional(),
    attestation: z.string().optional(),
  })
  .meta({ id: 'PasskeyCreationOptions' });

/** `PublicKeyCredentialRequestOptionsJSON`: what `navigator.credentials.get` is given. */
export const passkeyRequestOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().int().optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: z.string().optional(),
  })
  .meta({ id: 'PasskeyRequestOptions' });

const credentialAnswer = {
  id: base64url(1400),
  rawId: base64url(1400),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  type: z.literal('public-key'),
};

/** `RegistrationResponseJSON`: the new credential, as `navigator.credentials.create` answered. */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialAnswer,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** `AuthenticationResponseJSON`: the signed challenge, as `navigator.credentials.get` answered. */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialAnswer,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(4096),
    userHandle: base64url(200).optional(),
  }),
});

export const finishPasskeyRegistrationRequestSchema = z.object({
  response: passkeyRegistrationResponseSchema,
  /** Left out: named after the kind of device ("Passkey"), renamed later if wished. */
  name: passkeyNameSchema.optional(),
});

export const finishPasskeyLoginRequestSchema = z.object({ response: passkeyAuthenticationResponseSchema });

export const updatePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;
