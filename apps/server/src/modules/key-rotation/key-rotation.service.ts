import type { Database } from '../../db/client.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import {
  createKeyRotationRepository,
  ENCRYPTED_TABLES,
  type EncryptedTable,
} from './key-rotation.repository.ts';

export interface RotationReport {
  /** Rows re-encrypted in this run, by table. */
  rotated: Record<string, number>;
  /** Rows still not under the current key afterwards (0 when the run completed). */
  remaining: Record<string, number>;
  batches: number;
}

export interface RotationOptions {
  batchSize?: number;
  /** Stops after this many batches (a run may be split; the next run continues where this one stopped). */
  maxBatches?: number;
  onBatch?: (table: string, rows: number) => void;
  tables?: readonly EncryptedTable[];
}

/**
 * Re-encrypts every stored key-vault value that was not written with the vault's current key: each
 * batch of rows is read, decrypted with the key it names (the vault must hold the previous keys),
 * encrypted with the current key and written back in one transaction, fingerprints recomputed. Values
 * already under the current key are skipped, so an interrupted run is resumed by running it again.
 */
export async function rotateEncryptionKey(
  db: Database,
  vault: KeyVault,
  options: RotationOptions = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 200;
  const tables = options.tables ?? ENCRYPTED_TABLES;
  const report: RotationReport = { rotated: {}, remaining: {}, batches: 0 };
  for (const target of tables) {
    report.rotated[target.table] = 0;
    for (;;) {
      if (options.maxBatches !== undefined && report.batches >= options.maxBatches) break;
      const done = await db.transaction(async (tx) => {
        const repository = createKeyRotationRepository(tx);
        const batch = await repository.staleBatch(target, vault.keyId, batchSize);
        for (const row of batch) {
          const values: Record<string, string> = {};
          for (const column of target.columns) {
            const stored = row[column];
            if (stored === null || stored === undefined || vault.isCurrent(stored)) continue;
            let clear: string;
            try {
              clear = vault.decrypt(stored);
            } catch (error) {
              throw new Error(
                `${target.table} ${row.id} ${column}: ${(error as Error).message} (is the old key in KEY_ENCRYPTION_KEY_PREVIOUS?)`,
              );
            }
            values[column] = vault.encrypt(clear);
            if (target.fingerprint?.of === column)
              values[target.fingerprint.column] = vault.fingerprint(clear);
          }
          await repository.update(target, row.id, values);
        }
        return batch.length;
      });
      if (done === 0) break;
      report.batches += 1;
      report.rotated[target.table] = (report.rotated[target.table] ?? 0) + done;
      options.onBatch?.(target.table, done);
    }
  }
  const counter = createKeyRotationRepository(db);
  for (const target of tables) report.remaining[target.table] = await counter.countStale(target, vault.keyId);
  return report;
}
