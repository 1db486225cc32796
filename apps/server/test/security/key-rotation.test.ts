import { execFile } from 'node:child_process';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { adminTotp, gameKeys, mailOutbox } from '../../src/db/schema/index.ts';
import { createKeyVault } from '../../src/lib/key-vault.ts';
import { rotateEncryptionKey } from '../../src/modules/key-rotation/key-rotation.service.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import { openRuntime } from '../../src/runtime.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { createTestDb, testDbKind } from '../helpers/test-db.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** A value in the first stored format (`v1:`, no key id), as older installations hold them. */
function legacyEncrypt(hexKey: string, clear: string): string {
  const encKey = Buffer.from(
    hkdfSync('sha256', Buffer.from(hexKey, 'hex'), Buffer.alloc(0), 'keyland key encryption', 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encKey, iv);
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

describe(`encryption-key rotation (${testDbKind})`, () => {
  let handle: DbHandle;
  const oldKey = randomBytes(32).toString('hex');
  const newKey = randomBytes(32).toString('hex');
  const oldVault = createKeyVault(oldKey);
  const codes: string[] = [];
  const bodies: string[] = [];
  const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  beforeAll(async () => {
    handle = await createTestDb();
    for (let i = 0; i < 4; i++) codes.push(...(await insertGame(handle.db, oldVault, {}, { keys: 3 })).codes);
    // One key in the first format, without a key id.
    const legacyCode = 'LEGACY-0000-AAAA';
    codes.push(legacyCode);
    const { game: legacyGame } = await insertGame(handle.db, oldVault, {}, { keys: [] });
    await handle.db.insert(gameKeys).values({
      gameId: legacyGame.id,
      codeCiphertext: legacyEncrypt(oldKey, legacyCode),
      codeFingerprint: oldVault.fingerprint(legacyCode),
    });
    const mail = createMailOutbox(handle.db, oldVault);
    for (let i = 0; i < 5; i++) {
      const body = `Your key ${i}: SECRET-${randomBytes(4).toString('hex')}`;
      bodies.push(body);
      await mail.enqueue(handle.db, {
        toAddress: `a${i}@example.com`,
        subject: 's',
        html: `<p>${body}</p>`,
        text: body,
        kind: 'order_keys',
      });
    }
    // An admin's second-factor secret is a key-vault value too.
    const { customer: admin } = await insertCustomer(handle.db, { role: 'admin' });
    await handle.db
      .insert(adminTotp)
      .values({ customerId: admin.id, secretCiphertext: oldVault.encrypt(totpSecret) });
  });

  afterAll(async () => {
    await handle.close();
  });

  it('re-encrypts every value in resumable batches; the old key no longer decrypts, the new one does', async () => {
    const rotating = createKeyVault(newKey, [oldKey]);
    // A first run stopped after two batches: some rows moved, the rest still readable.
    const partial = await rotateEncryptionKey(handle.db, rotating, { batchSize: 4, maxBatches: 2 });
    expect(partial.batches).toBe(2);
    expect(partial.rotated.game_keys).toBe(8);
    expect(partial.remaining.game_keys).toBe(codes.length - 8);
    expect(partial.remaining.mail_outbox).toBe(5);
    expect(partial.remaining.admin_totp).toBe(1);

    // Running it again continues where it stopped.
    const rest = await rotateEncryptionKey(handle.db, rotating, { batchSize: 4 });
    expect(rest.rotated).toEqual({ game_keys: codes.length - 8, mail_outbox: 5, admin_totp: 1 });
    expect(rest.remaining).toEqual({ game_keys: 0, mail_outbox: 0, admin_totp: 0 });

    const newOnly = createKeyVault(newKey);
    const keys = await handle.db.select().from(gameKeys).orderBy(asc(gameKeys.id));
    expect(keys).toHaveLength(codes.length);
    expect(keys.map((k) => newOnly.decrypt(k.codeCiphertext)).sort()).toEqual([...codes].sort());
    for (const key of keys) {
      expect(key.codeCiphertext.startsWith(`v2:${newOnly.keyId}:`)).toBe(true);
      expect(() => oldVault.decrypt(key.codeCiphertext)).toThrow();
      expect(key.codeFingerprint).toBe(newOnly.fingerprint(newOnly.decrypt(key.codeCiphertext)));
    }
    const mails = await handle.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails.map((m) => newOnly.decrypt(m.text))).toEqual(bodies);
    expect(mails.map((m) => newOnly.decrypt(m.html))).toEqual(bodies.map((b) => `<p>${b}</p>`));
    for (const m of mails) expect(() => oldVault.decrypt(m.text)).toThrow();
    const [totp] = await handle.db.select().from(adminTotp);
    expect(newOnly.decrypt(totp?.secretCiphertext ?? '')).toBe(totpSecret);

    // Nothing left to do: a third run changes nothing.
    const again = await rotateEncryptionKey(handle.db, rotating);
    expect(again.rotated).toEqual({ game_keys: 0, mail_outbox: 0, admin_totp: 0 });
  });

  it('stops without writing when a value cannot be decrypted (the old key missing)', async () => {
    const third = randomBytes(32).toString('hex');
    await expect(rotateEncryptionKey(handle.db, createKeyVault(third), { batchSize: 4 })).rejects.toThrow(
      /KEY_ENCRYPTION_KEY_PREVIOUS/,
    );
    const keys = await handle.db.select().from(gameKeys);
    const newOnly = createKeyVault(newKey);
    for (const key of keys) expect(newOnly.decrypt(key.codeCiphertext)).toBeTypeOf('string');
  });
});

describe.skipIf(testDbKind !== 'pglite')('npm run keys:rotate in the embedded mode', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keyland-rotate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates a new key, re-encrypts every value and replaces the old key file', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const runtime = await openRuntime(config);
    const { codes } = await insertGame(runtime.dbHandle.db, runtime.keyVault, {}, { keys: 7 });
    await runtime.dbHandle.close();
    const keyFile = path.join(dataDir, 'secrets', 'key-encryption.key');
    const oldKey = readFileSync(keyFile, 'utf8').trim();

    const { stdout } = await run(
      process.execPath,
      ['src/modules/key-rotation/key-rotation-cli.ts', '--batch-size', '3'],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          KEY_ENCRYPTION_KEY: '',
          DATABASE_URL: '',
        },
      },
    );
    expect(stdout).toMatch(/Re-encrypted 7 game_keys, 0 mail_outbox, 0 admin_totp row\(s\) in 3 batch\(es\)/);
    expect(stdout).toContain('0 left');
    const newKey = readFileSync(keyFile, 'utf8').trim();
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(`${keyFile}.next`)).toBe(false);

    const reopened = await openRuntime(config);
    try {
      const rows = await reopened.dbHandle.db.select().from(gameKeys);
      expect(rows.map((r) => reopened.keyVault.decrypt(r.codeCiphertext)).sort()).toEqual([...codes].sort());
      for (const row of rows) expect(() => createKeyVault(oldKey).decrypt(row.codeCiphertext)).toThrow();
    } finally {
      await reopened.dbHandle.close();
    }
  });
});
