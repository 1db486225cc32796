import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets at rest (activation keys, mail bodies) with AES-256-GCM. The stored form is
 * `v2:<key id>:<base64 iv|tag|ciphertext>`, the key id being 8 hex characters derived from the
 * key-encryption key, so a value names the key it was written with and the key can be rotated (see
 * modules/key-rotation/key-rotation.service.ts). Values of the first format, `v1:<base64 …>`, carry no key id
 * and are still read. A fingerprint (HMAC-SHA256 with a key derived from the same secret) lets the
 * database keep codes unique without holding them in clear.
 */
export interface KeyVault {
  /** The id of the current key, written into every value it encrypts. */
  readonly keyId: string;
  encrypt(code: string): string;
  /** Decrypts a value written with the current key or one of the previous keys. */
  decrypt(stored: string): string;
  fingerprint(code: string): string;
  /** Whether `stored` was written with the current key (rotation leaves such values alone). */
  isCurrent(stored: string): boolean;
}

interface KeyMaterial {
  id: string;
  encKey: Buffer;
  macKey: Buffer;
}

function material(hexKey: string): KeyMaterial {
  const master = Buffer.from(hexKey, 'hex');
  if (master.length !== 32) throw new Error('The key-encryption key must be 32 bytes');
  return {
    id: createHmac('sha256', master).update('keyland key id').digest('hex').slice(0, 8),
    encKey: Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'keyland key encryption', 32)),
    macKey: Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'keyland key fingerprint', 32)),
  };
}

function open(key: KeyMaterial, base64: string): string {
  const raw = Buffer.from(base64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.encKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * A vault writing with `hexKey` and reading values written with it or with any of `previousKeys` (the
 * keys being rotated away from).
 */
export function createKeyVault(hexKey: string, previousKeys: readonly string[] = []): KeyVault {
  const current = material(hexKey);
  const all = [current, ...previousKeys.map(material).filter((k) => k.id !== current.id)];

  return {
    keyId: current.id,
    encrypt(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.encKey, iv);
      const ciphertext = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return `v2:${current.id}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
    },
    decrypt(stored) {
      if (stored.startsWith('v2:')) {
        const id = stored.slice(3, 11);
        const key = all.find((k) => k.id === id);
        if (!key) throw new Error(`No key-encryption key with id ${id}`);
        return open(key, stored.slice(12));
      }
      if (!stored.startsWith('v1:')) throw new Error('Unknown key ciphertext format');
      // The first format names no key: try each (GCM's tag rejects a wrong one).
      for (const key of all) {
        try {
          return open(key, stored.slice(3));
        } catch {
          // not this key
        }
      }
      throw new Error('No key-encryption key decrypts this value');
    },
    fingerprint(code) {
      const normalised = code.replace(/[\s-]/g, '').toUpperCase();
      return createHmac('sha256', current.macKey).update(normalised).digest('hex');
    },
    isCurrent(stored) {
      return stored.startsWith(`v2:${current.id}:`);
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
