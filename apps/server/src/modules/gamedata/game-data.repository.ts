import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gameDataFetches, games } from '../../db/schema/index.ts';
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

/** Games waiting for details, and the cache of what the game database answered. */
export function createGameDataRepository(db: Executor) {
  return {
    /**
     * Games without a description that were never looked up, or whose last lookup failed long enough ago
     * (10 minutes per failed attempt, at most 5 attempts).
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
                lt(gameDataFetches.attempts, 5),
                lt(
                  gameDataFetches.fetchedAt,
                  sql`now() - (${gameDataFetches.attempts} * interval '10 minutes')`,
                ),
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
