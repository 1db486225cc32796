import { activationOfRegions } from '@keyland/core/activation';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { gameKeys, games } from '../schema/index.ts';

export type NewGame = typeof games.$inferInsert;
export type NewGameKey = typeof gameKeys.$inferInsert;

/** Rows per multi-row insert (games carry about 30 parameters each, keys 3). */
const GAME_BATCH = 200;
const KEY_BATCH = 2_000;

/** Advisory-lock id that serialises seeding between processes sharing one database. */
const SEED_LOCK_ID = 0x4b4c_5345;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export function createSeedRepository(db: Executor) {
  return {
    /** Holds the seed lock until the surrounding transaction ends. */
    async lockForSeeding(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    },

    async hasGames(): Promise<boolean> {
      const rows = await db.select({ id: games.id }).from(games).limit(1);
      return rows.length > 0;
    },

    async countCatalogue(): Promise<{ games: number; keys: number }> {
      const [gameRow] = await db.select({ n: sql<number>`count(*)::int` }).from(games);
      const [keyRow] = await db.select({ n: sql<number>`count(*)::int` }).from(gameKeys);
      return { games: gameRow?.n ?? 0, keys: keyRow?.n ?? 0 };
    },

    /** Inserts games in batches and answers the id given to each provider id. */
    async insertGames(rows: readonly NewGame[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const batch of chunks(rows, GAME_BATCH)) {
        // Games sold as region-free activate worldwide; the others in the EU/EEA (as migration 0017 did).
        const values = batch.map((game) => {
          const activation = activationOfRegions([game.region ?? 'EU']);
          return { ...game, activationScope: activation.scope, activationCountries: activation.countries };
        });
        const inserted = await db
          .insert(games)
          .values(values)
          .returning({ id: games.id, providerId: games.providerId });
        for (const row of inserted) ids.set(row.providerId, row.id);
      }
      return ids;
    },

    async insertKeys(rows: readonly NewGameKey[]): Promise<void> {
      for (const batch of chunks(rows, KEY_BATCH)) await db.insert(gameKeys).values(batch);
    },

    /**
     * Empties the catalogue. CASCADE also empties every table that references games or keys (orders
     * and their items included).
     */
    async truncateCatalogue(): Promise<void> {
      await db.execute(sql`truncate table ${gameKeys}, ${games} restart identity cascade`);
    },
  };
}

export type SeedRepository = ReturnType<typeof createSeedRepository>;
