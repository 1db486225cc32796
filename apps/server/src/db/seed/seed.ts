import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOME_COUNTRY_ID } from '@keyland/core/countries';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createAccountsRepository } from '../../modules/accounts/accounts.repository.ts';
import type { Runtime } from '../../runtime.ts';
import { userRoles } from '../schema/index.ts';
import { type GeneratedGame, generateCatalogue } from './catalogue-data.ts';
import { createSeedRepository, type NewGameKey } from './seed.repository.ts';

export interface DemoAccount {
  role: 'user' | 'admin';
  email: string;
  password: string;
}

/** Where the demo credentials are kept (mode 0600) so that every embedded start can print them. */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.json';

const DEMO_PROFILES = [
  { role: 'user', email: 'demo@keyland.test', fullName: 'Demo Customer' },
  { role: 'admin', email: 'admin@keyland.test', fullName: 'Demo Administrator' },
] as const;

const ROLE_ORDER = { user: 0, admin: 1 } as const;

const demoFileSchema = z.array(
  z.object({ role: z.enum(userRoles), email: z.string().min(1), password: z.string().min(1) }),
);

export interface SeedOptions {
  /** The games to insert; the generated demo catalogue by default. */
  catalogue?: readonly GeneratedGame[];
  /** Create the demo customer and admin when they do not exist (default true). */
  demoAccounts?: boolean;
  /** Insert nothing when the games table already has rows (checked under the seed lock). */
  onlyIfEmpty?: boolean;
  /** Empty the catalogue first (and, by cascade, the tables that reference it). */
  truncate?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  games: number;
  keys: number;
  /** Demo accounts created by this call, with their plain passwords. */
  demoAccounts: DemoAccount[];
}

const newPassword = () => randomBytes(18).toString('base64url');

/** Inserts the catalogue, its keys (encrypted) and the missing demo accounts in one transaction. */
export async function seedDatabase(runtime: Runtime, options: SeedOptions = {}): Promise<SeedResult> {
  const { db } = runtime.dbHandle;
  const { keyVault } = runtime;
  const catalogue = options.catalogue ?? generateCatalogue();

  // argon2 and encryption run before the transaction so that it stays short.
  const accounts = createAccountsRepository(db);
  const profiles: (typeof DEMO_PROFILES)[number][] = [];
  if (options.demoAccounts !== false) {
    for (const profile of DEMO_PROFILES)
      if (!(await accounts.findByEmail(profile.email))) profiles.push(profile);
  }
  const prepared = await Promise.all(
    profiles.map(async (profile) => {
      const password = newPassword();
      return { profile, password, passwordHash: await hashPassword(password) };
    }),
  );
  const gameRows = catalogue.map(({ keys: _keys, ...game }) => game);
  const keyRows = catalogue.map((game) =>
    game.keys.map((code) => ({
      codeCiphertext: keyVault.encrypt(code),
      codeFingerprint: keyVault.fingerprint(code),
    })),
  );

  return db.transaction(async (tx) => {
    const repository = createSeedRepository(tx);
    await repository.lockForSeeding();
    if (options.truncate) await repository.truncateCatalogue();
    else if (options.onlyIfEmpty && (await repository.hasGames())) {
      return { seeded: false, games: 0, keys: 0, demoAccounts: [] };
    }

    const ids = await repository.insertGames(gameRows);
    const keys: NewGameKey[] = [];
    for (const [index, game] of catalogue.entries()) {
      const gameId = ids.get(game.providerId);
      if (gameId === undefined) throw new Error(`Game ${game.providerId} was not inserted`);
      for (const row of keyRows[index] ?? []) keys.push({ gameId, ...row });
    }
    await repository.insertKeys(keys);

    const txAccounts = createAccountsRepository(tx);
    const created: DemoAccount[] = [];
    for (const { profile, password, passwordHash } of prepared) {
      if (await txAccounts.findByEmail(profile.email)) continue;
      await txAccounts.insertCustomer({
        email: profile.email,
        fullName: profile.fullName,
        countryId: HOME_COUNTRY_ID,
        lang: 'en',
        role: profile.role,
        emailVerified: true,
        passwordHash,
      });
      created.push({ role: profile.role, email: profile.email, password });
    }
    return { seeded: true, games: gameRows.length, keys: keys.length, demoAccounts: created };
  });
}

function demoFilePath(dataDir: string): string {
  return path.join(dataDir, DEMO_ACCOUNTS_FILE);
}

/**
 * The stored demo credentials that still work: the account exists with the same role and the password
 * still verifies (it may have been changed since).
 */
export async function loadDemoAccounts(runtime: Runtime, dataDir: string): Promise<DemoAccount[]> {
  let stored: DemoAccount[];
  try {
    stored = demoFileSchema.parse(JSON.parse(readFileSync(demoFilePath(dataDir), 'utf8')));
  } catch {
    return [];
  }
  const accounts = createAccountsRepository(runtime.dbHandle.db);
  const valid: DemoAccount[] = [];
  for (const account of stored) {
    const row = await accounts.findByEmail(account.email);
    if (row && row.role === account.role && (await verifyPassword(row.passwordHash, account.password))) {
      valid.push(account);
    }
  }
  return valid;
}

/** Writes the credentials readable by the owner only. */
export function saveDemoAccounts(dataDir: string, accounts: readonly DemoAccount[]): void {
  mkdirSync(dataDir, { recursive: true });
  const file = demoFilePath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/** Adds newly created accounts to the stored ones that still work and saves the result. */
export async function recordDemoAccounts(
  runtime: Runtime,
  dataDir: string,
  created: readonly DemoAccount[],
): Promise<DemoAccount[]> {
  const kept = (await loadDemoAccounts(runtime, dataDir)).filter(
    (account) => !created.some((c) => c.email === account.email),
  );
  const merged = [...created, ...kept].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  if (created.length > 0) saveDemoAccounts(dataDir, merged);
  return merged;
}

/**
 * Seeds the demo catalogue and accounts when the games table is empty. Later starts answer the stored
 * demo credentials (from `<dataDir>/demo-accounts.json`) that still work.
 */
export async function seedIfEmpty(
  runtime: Runtime,
  dataDir: string,
): Promise<{ seeded: boolean; demoAccounts?: DemoAccount[] }> {
  let seeded = false;
  let demoAccounts: DemoAccount[];
  if (await createSeedRepository(runtime.dbHandle.db).hasGames()) {
    demoAccounts = await loadDemoAccounts(runtime, dataDir);
  } else {
    const result = await seedDatabase(runtime, { onlyIfEmpty: true });
    seeded = result.seeded;
    demoAccounts = await recordDemoAccounts(runtime, dataDir, result.demoAccounts);
  }
  return demoAccounts.length > 0 ? { seeded, demoAccounts } : { seeded };
}
