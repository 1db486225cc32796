import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlatformGroup } from '@keyland/core/platforms';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { customers, gameKeys, games } from '../src/db/schema/index.ts';
import { generateCatalogue, isListed } from '../src/db/seed/catalogue-data.ts';
import { matchesKeyFormat } from '../src/db/seed/key-format.ts';
import { createSeedRepository } from '../src/db/seed/seed.repository.ts';
import { DEMO_ACCOUNTS_FILE, type DemoAccount, seedDatabase, seedIfEmpty } from '../src/db/seed/seed.ts';
import { createKeyVault } from '../src/lib/key-vault.ts';
import { hashPassword, verifyPassword } from '../src/lib/password.ts';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository.ts';
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts';
import type { Runtime } from '../src/runtime.ts';
import { createTestDb } from './helpers/test-db.ts';

const expected = generateCatalogue();
const expectedKeys = expected.reduce((sum, game) => sum + game.keys.length, 0);

let dbHandle: DbHandle;
let runtime: Runtime;
let dataDir: string;
let firstAccounts: DemoAccount[];

async function totals() {
  const catalogue = await createSeedRepository(dbHandle.db).countCatalogue();
  const [row] = await dbHandle.db.select({ n: sql<number>`count(*)::int` }).from(customers);
  return { ...catalogue, customers: row?.n };
}

beforeAll(async () => {
  dbHandle = await createTestDb();
  runtime = { dbHandle, keyVault: createKeyVault(randomBytes(32).toString('hex')) };
  dataDir = mkdtempSync(path.join(tmpdir(), 'keyland-seed-'));
});

afterAll(async () => {
  await dbHandle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it('seeds an empty database once, even when called twice at the same time', async () => {
    const started = performance.now();
    const results = await Promise.all([seedIfEmpty(runtime, dataDir), seedIfEmpty(runtime, dataDir)]);
    const elapsed = performance.now() - started;
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(elapsed).toBeLessThan(10_000);
    console.info(`seedIfEmpty on ${dbHandle.kind}: ${Math.round(elapsed)} ms`);

    const winner = results.find((result) => result.seeded);
    firstAccounts = winner?.demoAccounts ?? [];
    expect(firstAccounts.map((a) => [a.role, a.email])).toEqual([
      ['user', 'demo@keyland.test'],
      ['admin', 'admin@keyland.test'],
    ]);
    for (const account of firstAccounts) expect(account.password.length).toBeGreaterThanOrEqual(16);
    expect(await totals()).toEqual({ games: expected.length, keys: expectedKeys, customers: 2 });
    expect(expected.length).toBeGreaterThanOrEqual(300);
  });

  it('stores every key encrypted, decrypting to its platform format', async () => {
    const rows = await dbHandle.db
      .select({
        group: games.platformGroup,
        ciphertext: gameKeys.codeCiphertext,
        fingerprint: gameKeys.codeFingerprint,
        status: gameKeys.status,
      })
      .from(gameKeys)
      .innerJoin(games, eq(games.id, gameKeys.gameId));
    expect(rows).toHaveLength(expectedKeys);
    const expectedCodes = new Set(expected.flatMap((game) => game.keys));
    for (const row of rows) {
      expect(row.ciphertext).toMatch(/^v2:[0-9a-f]{8}:/);
      const code = runtime.keyVault.decrypt(row.ciphertext);
      expect(matchesKeyFormat(row.group as PlatformGroup, code), code).toBe(true);
      expect(row.fingerprint).toBe(runtime.keyVault.fingerprint(code));
      expect(row.status).toBe('available');
      expect(expectedCodes.has(code)).toBe(true);
      expect(row.ciphertext).not.toContain(code);
    }
  });

  it('lists only the visible games in the catalogue', async () => {
    const catalogue = createCatalogueRepository(dbHandle.db);
    const listed = await catalogue.count({
      name: '',
      platform: '',
      stockMin: 0,
      minPriceCents: 0,
      maxPriceCents: 100_000_000,
      sort: undefined,
    });
    expect(listed).toBe(expected.filter(isListed).length);
    expect(listed).toBeLessThan(expected.length);
    const [stored] = await dbHandle.db.select().from(games).where(eq(games.providerId, 'kl-000001'));
    const { keys: _keys, ...generated } = expected[0] as (typeof expected)[number];
    expect(stored).toMatchObject(generated);
  });

  it('creates the demo accounts with argon2id hashes, never the plain passwords', async () => {
    const accounts = createAccountsRepository(dbHandle.db);
    for (const account of firstAccounts) {
      const row = await accounts.findByEmail(account.email);
      expect(row?.role).toBe(account.role);
      expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(row?.passwordHash).not.toContain(account.password);
      expect(await verifyPassword(row?.passwordHash ?? '', account.password)).toBe(true);
    }
    const demo = await accounts.findByEmail(' Demo@Keyland.TEST ');
    expect(demo).toMatchObject({ fullName: 'Demo Customer', countryId: 64, lang: 'en', emailVerified: true });
    const plain = firstAccounts.map((account) => account.password);
    const leaked = await dbHandle.db.select().from(customers).where(inArray(customers.passwordHash, plain));
    expect(leaked).toHaveLength(0);
  });

  it('keeps the credentials in a file readable by the owner only', () => {
    const file = path.join(dataDir, DEMO_ACCOUNTS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(firstAccounts);
  });

  it('does not seed again and answers the stored credentials', async () => {
    const again = await seedIfEmpty(runtime, dataDir);
    expect(again).toEqual({ seeded: false, demoAccounts: firstAccounts });
    expect(await totals()).toEqual({ games: expected.length, keys: expectedKeys, customers: 2 });
  });

  it('leaves out stored credentials that no longer work', async () => {
    const accounts = createAccountsRepository(dbHandle.db);
    const demo = await accounts.findByEmail('demo@keyland.test');
    await accounts.setRoleAndPassword(
      demo?.id ?? 0,
      'user',
      await hashPassword('a-password-changed-by-the-user'),
    );
    const again = await seedIfEmpty(runtime, dataDir);
    expect(again.demoAccounts?.map((a) => a.email)).toEqual(['admin@keyland.test']);
  });
});

describe('seedDatabase', () => {
  it('reseeds an emptied catalogue without duplicating the demo accounts', async () => {
    const result = await seedDatabase(runtime, { truncate: true });
    expect(result).toMatchObject({
      seeded: true,
      games: expected.length,
      keys: expectedKeys,
      demoAccounts: [],
    });
    expect(await totals()).toEqual({ games: expected.length, keys: expectedKeys, customers: 2 });
  });

  it('inserts nothing when asked to seed only an empty catalogue', async () => {
    const result = await seedDatabase(runtime, { onlyIfEmpty: true, demoAccounts: false });
    expect(result.seeded).toBe(false);
    expect(await totals()).toEqual({ games: expected.length, keys: expectedKeys, customers: 2 });
  });
});
