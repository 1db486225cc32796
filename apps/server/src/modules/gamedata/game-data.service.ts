import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { sanitizeOptionalRichText } from '../../lib/rich-text.ts';
import { type GameData, GameDataError, type GameDataSource } from './game-data.port.ts';
import { createGameDataRepository, type StoredGameData } from './game-data.repository.ts';

export interface EnrichOutcome {
  fetched: number;
  notFound: number;
  failed: number;
}

/** Normalised data → what is stored: HTML sanitised before it reaches the database. */
export function toStored(data: GameData): StoredGameData {
  const { name: _name, descriptionHtml, minimumRequirementsHtml, screenshots, trailers, ...same } = data;
  return {
    ...same,
    description: sanitizeOptionalRichText(descriptionHtml),
    minimumRequirements: sanitizeOptionalRichText(minimumRequirementsHtml),
    photos: screenshots,
    videos: trailers,
  };
}

/**
 * Fills in the details of games that have none from the game database, a batch at a time (the source's
 * rate queue spaces the calls), one instance at a time (`withLock('game-data')`). Each game is written in
 * one statement pair; a failure is recorded and retried later with back-off.
 */
export function createGameDataService(deps: {
  dbHandle: DbHandle;
  source: GameDataSource;
  log?: FastifyBaseLogger;
}) {
  const { dbHandle, source } = deps;

  async function enrich(limit: number): Promise<EnrichOutcome> {
    const outcome: EnrichOutcome = { fetched: 0, notFound: 0, failed: 0 };
    const repository = createGameDataRepository(dbHandle.db);
    for (const game of await repository.pending(limit)) {
      try {
        const data = await source.fetchGame({ slug: game.slug, title: game.title });
        if (!data) {
          await repository.record(game.id, { source: source.kind, status: 'not_found' });
          outcome.notFound++;
          continue;
        }
        await dbHandle.db.transaction((tx) => createGameDataRepository(tx).save(game.id, toStored(data)));
        outcome.fetched++;
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        deps.log?.warn({ gameId: game.id, err: message }, 'game data fetch failed');
        await repository.record(game.id, { source: source.kind, status: 'failed', error: message });
        outcome.failed++;
        // A refused key fails every call: stop the batch instead of spending the quota.
        if (error instanceof GameDataError && error.kind === 'unauthorised') break;
      }
    }
    if (outcome.fetched > 0) catalogueChanged.notify();
    return outcome;
  }

  return {
    /** One batch of games without details; `{ ran: false }` while another instance runs one. */
    async enrichPending(limit = 20) {
      if (source.kind === 'none') return { ran: false as const };
      return dbHandle.withLock('game-data', () => enrich(limit));
    },
  };
}

export type GameDataService = ReturnType<typeof createGameDataService>;
