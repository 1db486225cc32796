import type { PlatformGroup } from '@keyland/core/platforms';
import {
  type ImportKeysResult,
  KEY_IMPORT_MAX_BYTES,
  KEY_IMPORT_MAX_LINES,
} from '@keyland/core/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { codeKind, maskCode } from '../../../lib/key-code-display.ts';
import type { KeyVault } from '../../../lib/key-vault.ts';
import { auditTrail } from '../../audit/index.ts';
import { claimPreorderKeys, preorderKeysClaimed } from '../../preorders/index.ts';
import type { Actor } from '../index.ts';
import { findProduct } from '../products/index.ts';
import { keyProblem, lineCount, splitKeyLines } from './key-import.ts';
import { createKeysRepository, type KeyStatusValue } from './keys.repository.ts';

/** At most this many refused lines are listed in the answer (all are counted). */
const INVALID_LISTED = 1_000;

export function createKeysService(deps: { db: Database; keyVault: KeyVault }) {
  const { db, keyVault } = deps;
  const repository = createKeysRepository(db);

  return {
    /**
     * Imports the keys of a text for a game in one transaction: format checked against the platform,
     * duplicates within the text and against stored keys (by fingerprint) reported and skipped, the rest
     * encrypted and inserted in batches, one audit row (counts only, never codes).
     */
    async importKeys(actor: Actor, gameId: number, text: string): Promise<ImportKeysResult> {
      const bytes = Buffer.byteLength(text, 'utf8');
      const lines = lineCount(text);
      if (bytes > KEY_IMPORT_MAX_BYTES || lines > KEY_IMPORT_MAX_LINES) {
        throw new AppError('KEY_IMPORT_TOO_LARGE', `At most ${KEY_IMPORT_MAX_LINES} lines and 2 MB`, {
          field: 'text',
          values: { maxLines: String(KEY_IMPORT_MAX_LINES), maxMegabytes: '2' },
        });
      }
      const game = await findProduct(db, gameId);
      if (!game) throw notFound('Unknown game');
      const group = game.platformGroup as PlatformGroup;

      const invalid: ImportKeysResult['invalid'] = [];
      let invalidCount = 0;
      let inFile = 0;
      const seen = new Set<string>();
      const candidates: { code: string; codeFingerprint: string }[] = [];
      for (const { line, code } of splitKeyLines(text)) {
        const problem = keyProblem(code, group);
        if (problem) {
          invalidCount++;
          if (invalid.length < INVALID_LISTED) invalid.push({ line, ...problem });
          continue;
        }
        const fingerprint = keyVault.fingerprint(code);
        if (seen.has(fingerprint)) {
          inFile++;
          continue;
        }
        seen.add(fingerprint);
        candidates.push({ code, codeFingerprint: fingerprint });
      }

      const outcome = await db.transaction(async (tx) => {
        const keys = createKeysRepository(tx);
        // The game row is locked so that two imports for it do not interleave.
        await findProduct(tx, gameId, true);
        const stored = await keys.existingFingerprints(candidates.map((c) => c.codeFingerprint));
        const fresh = candidates
          .filter((c) => !stored.has(c.codeFingerprint))
          .map((c) => ({
            codeFingerprint: c.codeFingerprint,
            codeCiphertext: keyVault.encrypt(c.code),
          }));
        const imported = await keys.insertAvailable(gameId, fresh);
        // Paid pre-orders of the game waiting for keys are served first, the oldest first (decision 038).
        const claimed = imported > 0 ? await claimPreorderKeys(tx, [gameId]) : 0;
        const existing = candidates.length - imported;
        const available = await keys.countAvailable(gameId);
        await auditTrail(tx).record(actor, {
          action: 'keys.import',
          targetType: 'game',
          targetId: gameId,
          after: {
            imported,
            duplicatesInFile: inFile,
            duplicatesExisting: existing,
            invalid: invalidCount,
            available,
          },
        });
        return { imported, existing, available, claimed };
      });
      catalogueChanged.notify();
      if (outcome.claimed > 0) preorderKeysClaimed.notify();
      return {
        imported: outcome.imported,
        duplicates: { inFile, existing: outcome.existing },
        invalid,
        invalidCount,
        available: outcome.available,
      };
    },

    async list(
      gameId: number,
      options: { status?: KeyStatusValue | undefined; offset: number; limit: number },
    ) {
      const game = await findProduct(db, gameId);
      if (!game) throw notFound('Unknown game');
      const { rows, total } = await repository.page(gameId, options);
      return {
        total,
        items: rows.map((row) => {
          const code = keyVault.decrypt(row.codeCiphertext);
          return {
            id: row.id,
            masked: maskCode(code),
            kind: codeKind(code),
            status: row.status,
            orderId: row.orderId,
            createdAt: row.createdAt.toISOString(),
            soldAt: row.soldAt?.toISOString() ?? null,
            revokedAt: row.revokedAt?.toISOString() ?? null,
          };
        }),
      };
    },

    /** Shows one key in clear; the reveal itself is audited (which key, never the code). */
    async reveal(actor: Actor, keyId: number) {
      return db.transaction(async (tx) => {
        const key = await createKeysRepository(tx).find(keyId);
        if (!key) throw notFound('Unknown key');
        await auditTrail(tx).record(actor, {
          action: 'key.reveal',
          targetType: 'game_key',
          targetId: key.id,
          after: { gameId: key.gameId, status: key.status, orderId: key.orderId },
        });
        return {
          id: key.id,
          gameId: key.gameId,
          status: key.status,
          code: keyVault.decrypt(key.codeCiphertext),
        };
      });
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
