import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { DbHandle } from '../../db/client.ts';
import { scheduleAppJob } from '../../lib/scheduled-job.ts';
import type { GameDataSource } from './game-data.port.ts';
import { createGameDataService } from './game-data.service.ts';
import { createRawgSource, noGameData } from './rawg.adapter.ts';

/** How often a batch of games without details is enriched. */
const ENRICH_EVERY_MS = 60_000;

/** The game database chosen by GAME_DATA, and its enrichment job (nothing runs with `none`). */
export function registerGameData(
  app: FastifyInstance,
  config: Config,
  deps: { dbHandle: DbHandle; source?: GameDataSource | undefined },
) {
  const source = deps.source ?? (config.rawg ? createRawgSource(config.rawg) : noGameData);
  const service = createGameDataService({ dbHandle: deps.dbHandle, source, log: app.log });
  if (source.kind === 'none') return service;
  // The service takes the lock `game-data` itself.
  scheduleAppJob(app, {
    name: 'game-data',
    intervalMs: ENRICH_EVERY_MS,
    run: () => service.enrichPending(),
    failed: 'game data enrichment failed',
  });
  return service;
}
