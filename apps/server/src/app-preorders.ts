import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { KeyVault } from './lib/key-vault.ts';
import { createScheduledJob, scheduleWithApp } from './lib/scheduled-job.ts';
import type { MailDispatcher, MailOutbox } from './modules/mail/index.ts';
import {
  createPreordersService,
  preorderKeysClaimed,
  preordersAdminRoutes,
} from './modules/preorders/index.ts';

/** How often the pre-order round runs: a release day's deliveries start within a minute of 00:00 Tallinn. */
const PREORDER_ROUND_MS = 60_000;

/**
 * Pre-orders (docs/decisions/038-pre-orders.md): the back office's obligations list, and the round that
 * reserves arriving keys for waiting pre-orders and delivers them from their release day on, run by one
 * instance at a time, at start, every minute and right after a key import claimed keys.
 */
export async function registerPreorders(
  app: FastifyInstance,
  config: Config,
  deps: { dbHandle: DbHandle; keyVault: KeyVault; mailOutbox: MailOutbox; mailDispatcher: MailDispatcher },
) {
  const service = createPreordersService({
    db: deps.dbHandle.db,
    keyVault: deps.keyVault,
    mailOutbox: deps.mailOutbox,
    mailDispatcher: deps.mailDispatcher,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(preordersAdminRoutes, { service });
  const job = scheduleWithApp(
    app,
    createScheduledJob({
      name: 'preorder-deliveries',
      intervalMs: PREORDER_ROUND_MS,
      firstRound: { at: 'start' },
      dbHandle: deps.dbHandle,
      run: () => service.runDue(),
      onError: (error) => app.log.error({ err: error }, 'pre-order round failed'),
    }),
  );
  const unsubscribe = preorderKeysClaimed.subscribe(() => void job.tick());
  app.addHook('onClose', async () => unsubscribe());
  return service;
}
