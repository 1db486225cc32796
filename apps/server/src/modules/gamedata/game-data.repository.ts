import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gameDataFetches, games } from '../../db/schema/index.ts';
import { backoffDelay, linearBackoff } from '../../lib/retry.ts';
import type { GameData } from './game-data.port.ts';

export interface PendingGame {
  id: number;
  slug: string;
  title: string;
}

/**
 * Cleaned game data ready to store: the source's data with its HTML sanitised and its media under the
 * names of the games table's columns.
 */
export type StoredGameData = Omit<
  GameData,
  'name' | 'descriptionHtml' | 'minimumRequirementsHtml' | 'screenshots' | 'trailers'
> & {
  description: string | null;
  minimumRequirements: string | null;
  photos: string[];
  videos: GameData['trailers'];
};

/** A game's details are looked up at most this many times… */
const GAME_DATA_MAX_ATTEMPTS = 5;
/** …waiting 10 minutes more after each failure. */
const GAME_DATA_BACKOFF = linearBackoff(10 * 60_000);

/** The wait after a row's failed attempts, in milliseconds: the back-off's waits, as SQL. */
const waitAfterFailures = sql.join(
  [
    sql`case ${gameDataFetches.attempts}`,
    ...Array.from({ length: GAME_DATA_MAX_ATTEMPTS - 1 }, (_, i) =>
      sql.raw(`when ${i + 1} then ${Math.round(backoffDelay(GAME_DATA_BACKOFF, i + 1))}`),
    ),
    sql`end`,
  ],
  sql` `,
);

/** Games waiting for details, and the cache of what the game database answered. */
export function createGameDataRepository(db: Executor) {
  return {
    /**
     * Games without a description that were never looked up, or whose last lookup failed long enough ago
     * (`GAME_DATA_BACKOFF`: 10 minutes per failed attempt, at most 5 attempts).
     */
    async pending(limit: number): Promise<PendingGame[]> {
      return db
        .select({ id: games.id, slug: games.slug, title: games.title })
        .from(games)
        .leftJoin(gameDataFetches, eq(gameDataFetches.gameId, games.id))
        .where(
          and(
            or(isNull(games.description), eq(games.description, '')),
            or(
              isNull(gameDataFetches.gameId),
              and(
                eq(gameDataFetches.status, 'failed'),
                lt(gameDataFetches.attempts, GAME_DATA_MAX_ATTEMPTS),
                lt(gameDataFetches.fetchedAt, sql`now() - (${waitAfterFailures} * interval '1 millisecond')`),
              ),
            ),
          ),
        )
        .orderBy(games.id)
        .limit(limit);
    },

    /** Writes the details into the game (its own release date and title stay) and caches the answer. */
    async save(gameId: number, data: StoredGameData): Promise<void> {
      const { source, sourceRef: _sourceRef, released, ...columns } = data;
      await db
        .update(games)
        .set({
          ...columns,
          releaseDate: sql`coalesce(${games.releaseDate}, ${released}::date)`,
          detailsSource: source,
        })
        .where(eq(games.id, gameId));
      await this.record(gameId, {
        source: data.source,
        sourceRef: data.sourceRef,
        status: 'fetched',
        payload: data,
      });
    },

    async record(
      gameId: number,
      entry: {
        source: string;
        sourceRef?: string | null;
        status: 'fetched' | 'not_found' | 'failed';
        payload?: unknown;
        error?: string;
      },
    ): Promise<void> {
      const values = {
        gameId,
        source: entry.source,
        sourceRef: entry.sourceRef ?? null,
        status: entry.status,
        attempts: 1,
        payload: entry.payload ?? null,
        lastError: entry.error ?? null,
        fetchedAt: new Date(),
      };
      await db
        .insert(gameDataFetches)
        .values(values)
        .onConflictDoUpdate({
          target: gameDataFetches.gameId,
          set: {
            source: values.source,
            sourceRef: values.sourceRef,
            status: values.status,
            attempts: sql`${gameDataFetches.attempts} + 1`,
            payload: sql`coalesce(excluded.payload, ${gameDataFetches.payload})`,
            lastError: values.lastError,
            fetchedAt: values.fetchedAt,
          },
        });
    },
  };
}
