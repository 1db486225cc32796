import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { createKeyVault, readOrCreateSecret } from '../../lib/key-vault.ts';
import { openRuntime } from '../../runtime.ts';
import { rotateEncryptionKey } from './key-rotation.service.ts';

const USAGE = `Usage: npm run keys:rotate -- [--batch-size <rows>]

Re-encrypts every stored encrypted value (activation keys, mail bodies) with the current key.
With PostgreSQL or a configured key: set KEY_ENCRYPTION_KEY to the NEW key and KEY_ENCRYPTION_KEY_PREVIOUS
to the old one (the store can run with both meanwhile), run this command, then drop the previous key.
In the embedded mode with a generated key (no KEY_ENCRYPTION_KEY), stop the store and run it: a new key
is generated into $DATA_DIR/secrets and replaces the old one once every value is re-encrypted.
An interrupted run is resumed by running the command again.
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'batch-size': { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const batchSize = Number(values['batch-size'] ?? 200);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new ConfigError('--batch-size must be a positive integer');
  const config = loadConfig();
  const runtime = await openRuntime(config);
  try {
    const secrets = path.join(config.dataDir, 'secrets');
    const generated = config.keyEncryptionKey === undefined;
    let vault = runtime.keyVault;
    if (generated) {
      // The new key waits in key-encryption.key.next until every value is re-encrypted (resumable).
      const oldKey = readFileSync(path.join(secrets, 'key-encryption.key'), 'utf8').trim();
      const newKey = readOrCreateSecret(config.dataDir, 'key-encryption.key.next');
      vault = createKeyVault(newKey, [oldKey, ...config.previousKeyEncryptionKeys]);
    }
    const report = await rotateEncryptionKey(runtime.dbHandle.db, vault, {
      batchSize,
      onBatch: (table, rows) => process.stdout.write(`  ${table}: ${rows} re-encrypted\n`),
    });
    const left = Object.values(report.remaining).reduce((a, b) => a + b, 0);
    const counts = Object.entries(report.rotated)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    process.stdout.write(
      `Re-encrypted ${counts} row(s) in ${report.batches} batch(es) with key ${vault.keyId}; ${left} left.\n`,
    );
    if (left > 0) {
      process.exitCode = 1;
      return;
    }
    const next = path.join(secrets, 'key-encryption.key.next');
    if (generated && existsSync(next)) {
      renameSync(next, path.join(secrets, 'key-encryption.key'));
      process.stdout.write('The new key replaced the old one in the data folder.\n');
    } else if (config.previousKeyEncryptionKeys.length > 0) {
      process.stdout.write('Every value is under the new key: KEY_ENCRYPTION_KEY_PREVIOUS can be removed.\n');
    }
  } finally {
    await runtime.dbHandle.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof ConfigError ? `${message}\n` : `Key rotation failed: ${message}\n`);
  process.exit(1);
});
