import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { gameKeys } from '../../../db/schema/index.ts';
import { chunks, pageWithTotal, rowsOf } from '../../../db/sql-helpers.ts';

/** Keys per insert statement. */
const IMPORT_BATCH = 5_000;

export type GameKeyRow = typeof gameKeys.$inferSelect;
export type KeyStatusValue = GameKeyRow['status'];

/** Activation keys as the back office sees them. */
export function createKeysRepository(db: Executor) {
  return {
    /** The fingerprints among those given that are already stored (for any game). */
    async existingFingerprints(fingerprints: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const batch of chunks(fingerprints, IMPORT_BATCH)) {
        const rows = await db
          .select({ fp: gameKeys.codeFingerprint })
          .from(gameKeys)
          .where(sql`${gameKeys.codeFingerprint} = any(${sql.param(batch)}::text[])`);
        for (const row of rows) found.add(row.fp);
      }
      return found;
    },

    /**
     * Inserts available keys, a batch per statement with the codes passed as two array parameters
     * (`unnest`), so that 10,000 keys cost a few round trips; a key stored meanwhile is skipped. Answers how
     * many went in.
     */
    async insertAvailable(
      gameId: number,
      keys: readonly { codeCiphertext: string; codeFingerprint: string }[],
    ): Promise<number> {
      let inserted = 0;
      for (const batch of chunks(keys, IMPORT_BATCH)) {
        const ciphertexts = sql.param(batch.map((k) => k.codeCiphertext));
        const fingerprints = sql.param(batch.map((k) => k.codeFingerprint));
        const rows = await rowsOf<{ id: number }>(
          db,
          sql`insert into ${gameKeys} (game_id, code_ciphertext, code_fingerprint)
              select ${gameId}, c, f from unnest(${ciphertexts}::text[], ${fingerprints}::text[]) as t(c, f)
              on conflict (code_fingerprint) do nothing
              returning id`,
        );
        inserted += rows.length;
      }
      return inserted;
    },

    async countAvailable(gameId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(gameKeys)
        .where(and(eq(gameKeys.gameId, gameId), eq(gameKeys.status, 'available')));
      return row?.n ?? 0;
    },

    async page(
      gameId: number,
      options: { status?: KeyStatusValue | undefined; offset: number; limit: number },
    ) {
      const where = and(
        eq(gameKeys.gameId, gameId),
        options.status ? eq(gameKeys.status, options.status) : undefined,
      );
      return pageWithTotal(
        db.select().from(gameKeys).where(where).orderBy(asc(gameKeys.id)).$dynamic(),
        db.select({ n: count() }).from(gameKeys).where(where),
        options,
      );
    },

    async find(id: number): Promise<GameKeyRow | undefined> {
      const [row] = await db.select().from(gameKeys).where(eq(gameKeys.id, id));
      return row;
    },
  };
}
