import { randomBytes, randomUUID } from 'node:crypto';
import { HOME_COUNTRY_ID } from '@keyland/core/countries';
import { type PlatformGroup, platformGroupOf } from '@keyland/core/platforms';
import { slugify } from '@keyland/core/slug';
import type { Executor } from '../src/db/client.ts';
import { type gameKeys, games } from '../src/db/schema/index.ts';
import { generateKey } from '../src/db/seed/key-format.ts';
import { createSeedRepository, type NewGame } from '../src/db/seed/seed.repository.ts';
import type { KeyVault } from '../src/lib/key-vault.ts';
import { hashPassword } from '../src/lib/password.ts';
import {
  type Customer,
  createAccountsRepository,
  type NewCustomer,
} from '../src/modules/accounts/accounts.repository.ts';

export type Game = typeof games.$inferSelect;
export type GameKey = typeof gameKeys.$inferSelect;

/** Default password of factory customers (long enough for every password rule). */
export const DEFAULT_PASSWORD = 'correct-horse-battery-42';

let sequence = 0;
/** A token unique within this process and very likely across processes sharing a database. */
const uniqueToken = () => `${(++sequence).toString(36)}${randomBytes(3).toString('hex')}`;

/** A plain insert object for `games`: unique ids, Steam, 19.99 € and cover art from the media route. */
export function buildGame(overrides: Partial<NewGame> = {}): NewGame {
  const token = uniqueToken();
  const providerId = overrides.providerId ?? `kl-t${token}`;
  const title = overrides.title ?? `Factory Game ${token}`;
  const platform = overrides.platform ?? 'Steam';
  const priceCents = overrides.priceCents ?? 1999;
  return {
    providerId,
    productId: randomUUID(),
    identifier: `test-${token}`,
    title,
    slug: slugify(title),
    platform,
    platformGroup: platformGroupOf(platform),
    region: 'EU',
    languages: 'English, Spanish, German',
    releaseDate: '2024-03-15',
    priceCents,
    priceBuyCents: Math.floor(priceCents * 0.6),
    coverUrl: `/media/covers/${providerId}.svg`,
    coverBUrl: null,
    description: `${title} is an adventure game used by Keyland's tests.`,
    genres: ['Adventure'],
    developers: ['Keyland Test Studio'],
    publishers: ['Keyland Test Publishing'],
    ...overrides,
  };
}

export interface InsertedGame {
  game: Game;
  /** Plain codes of the inserted keys, in insertion order. */
  codes: string[];
}

/**
 * Inserts a game and its available keys (encrypted with the key vault). `keys` is a number of codes to
 * generate in the platform's format (default 5) or the exact codes.
 */
export async function insertGame(
  db: Executor,
  keyVault: KeyVault,
  overrides: Partial<NewGame> = {},
  options: { keys?: number | string[] } = {},
): Promise<InsertedGame> {
  const values = buildGame(overrides);
  const [game] = await db.insert(games).values(values).returning();
  if (!game) throw new Error('The game was not inserted');
  const wanted = options.keys ?? 5;
  const group = game.platformGroup as PlatformGroup;
  const codes =
    typeof wanted === 'number' ? Array.from({ length: wanted }, () => generateKey(group)) : wanted;
  if (codes.length > 0) {
    await createSeedRepository(db).insertKeys(
      codes.map((code) => ({
        gameId: game.id,
        codeCiphertext: keyVault.encrypt(code),
        codeFingerprint: keyVault.fingerprint(code),
      })),
    );
  }
  return { game, codes };
}

export interface InsertedCustomer {
  customer: Customer;
  /** The plain password, for logging in. */
  password: string;
}

/** Inserts a verified customer from Estonia with a hashed password (DEFAULT_PASSWORD unless given). */
export async function insertCustomer(
  db: Executor,
  overrides: Partial<NewCustomer> & { password?: string } = {},
): Promise<InsertedCustomer> {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const customer = await createAccountsRepository(db).insertCustomer({
    email: `customer-${uniqueToken()}@keyland.test`,
    fullName: 'Test Customer',
    countryId: HOME_COUNTRY_ID,
    lang: 'en',
    role: 'user',
    emailVerified: true,
    ...values,
    passwordHash: values.passwordHash ?? (await hashPassword(password)),
  });
  return { customer, password };
}
