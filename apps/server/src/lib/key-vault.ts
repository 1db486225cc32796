import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encrypts activation keys at rest with AES-256-GCM. The stored form is `v1:<base64 iv|tag|ciphertext>`.
 * A fingerprint (HMAC-SHA256 with a key derived from the same secret) lets the database keep codes
 * unique without holding them in clear.
 */
export interface KeyVault {
  encrypt(code: string): string;
  decrypt(stored: string): string;
  fingerprint(code: string): string;
}

export function createKeyVault(hexKey: string): KeyVault {
  const master = Buffer.from(hexKey, 'hex');
  if (master.length !== 32) throw new Error('The key-encryption key must be 32 bytes');
  const encKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'keyland key encryption', 32));
  const macKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'keyland key fingerprint', 32));

  return {
    encrypt(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const ciphertext = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    },
    decrypt(stored) {
      if (!stored.startsWith('v1:')) throw new Error('Unknown key ciphertext format');
      const raw = Buffer.from(stored.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', encKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    fingerprint(code) {
      const normalised = code.replace(/[\s-]/g, '').toUpperCase();
      return createHmac('sha256', macKey).update(normalised).digest('hex');
    },
  };
}

/**
 * A secret generated once into `<dataDir>/secrets/<name>` (mode 0600) and read back on later starts; for
 * the embedded mode only, never committed.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('hex');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The key-encryption key: from KEY_ENCRYPTION_KEY when set, else (embedded mode only) read from or
 * generated into `<dataDir>/secrets/key-encryption.key`, never committed.
 */
export function resolveKeyEncryptionKey(options: {
  configured: string | undefined;
  dataDir: string;
  allowGenerated: boolean;
}): string {
  if (options.configured) return options.configured.toLowerCase();
  if (!options.allowGenerated) {
    throw new Error('KEY_ENCRYPTION_KEY must be set (64 hexadecimal characters) outside the embedded mode');
  }
  return readOrCreateSecret(options.dataDir, 'key-encryption.key');
}
