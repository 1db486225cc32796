import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

export const passkeyDeviceTypes = ['singleDevice', 'multiDevice'] as const;
export type PasskeyDeviceType = (typeof passkeyDeviceTypes)[number];

/**
 * A customer's passkey (a WebAuthn credential). Only its public key is stored (base64url of the COSE
 * key); `counter` is the authenticator's signature counter of the last login (0 for authenticators that
 * keep none), `backedUp` whether it is synced to other devices. `userHandle` is the random WebAuthn user
 * id shared by all the passkeys of one customer (never the e-mail or the database id).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The credential id the browser sends back, base64url. */
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    deviceType: text({ enum: passkeyDeviceTypes }).notNull(),
    backedUp: boolean().notNull(),
    userHandle: text().notNull(),
    /** What the customer calls it ("Phone", "Work laptop"). */
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_customer_idx').on(t.customerId),
    check('passkeys_device_type_valid', sql`${t.deviceType} in ('singleDevice', 'multiDevice')`),
    check('passkeys_counter_not_negative', sql`${t.counter} >= 0`),
  ],
);

export const passkeyCeremonies = ['registration', 'login'] as const;
export type PasskeyCeremony = (typeof passkeyCeremonies)[number];

/**
 * A challenge handed to the browser for one passkey ceremony: single use (deleted when answered) and
 * short-lived. Only its SHA-256 is stored. A registration's challenge belongs to the customer who asked,
 * with the WebAuthn user id its options carried (the answer does not repeat it).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeHash: text().primaryKey(),
    ceremony: text({ enum: passkeyCeremonies }).notNull(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    userHandle: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_ceremony_valid', sql`${t.ceremony} in ('registration', 'login')`),
  ],
);
