import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gameDataFetches, games } from '../../db/schema/index.ts';

export interface PendingGame {
  id: number;
  slug: string;
  title: string;
}

/** Cleaned game data ready to store (HTML already sanitised). */
export interface StoredGameData {
  source: string;
  sourceRef: string;
  description: string | null;
  released: string | null;
  backgroundImage: string | null;
  backgroundImageAdditional: string | null;
  website: string | null;
  rating: number;
  ratingsCount: number;
  ratings: { title: string; count: number; percent: number }[];
  genres: string[];
  tags: string[];
  developers: string[];
  publishers: string[];
  platforms: string[];
  stores: string[];
  minimumRequirements: string | null;
  photos: string[];
  videos: { url: string; title: string }[];
}

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
      await db
        .update(games)
        .set({
          description: data.description,
          releaseDate: sql`coalesce(${games.releaseDate}, ${data.released}::date)`,
          backgroundImage: data.backgroundImage,
          backgroundImageAdditional: data.backgroundImageAdditional,
          website: data.website,
          rating: data.rating,
          ratingsCount: data.ratingsCount,
          ratings: data.ratings,
          genres: data.genres,
          tags: data.tags,
          developers: data.developers,
          publishers: data.publishers,
          platforms: data.platforms,
          stores: data.stores,
          minimumRequirements: data.minimumRequirements,
          photos: data.photos,
          videos: data.videos,
          detailsSource: data.source,
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
