import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { KeyVault } from './lib/key-vault.ts';
import { createScheduledJob, scheduleWithApp } from './lib/scheduled-job.ts';
import { createGiftsService, giftsPaid, giftsRoutes } from './modules/gifts/index.ts';
import type { MailDispatcher, MailOutbox } from './modules/mail/index.ts';

/** How often the gift round runs: a gift's day begins within a minute of 00:00 Tallinn. */
const GIFT_ROUND_MS = 60_000;

/**
 * Gifts (docs/decisions/039-gifts.md): the recipient's page and the buyer's resend, and the round that
 * mails each gift on its day once its keys are reserved, run by one instance at a time, at start, every
 * minute and right after a gift is paid.
 */
export async function registerGifts(
  app: FastifyInstance,
  config: Config,
  deps: { dbHandle: DbHandle; keyVault: KeyVault; mailOutbox: MailOutbox; mailDispatcher: MailDispatcher },
) {
  const service = createGiftsService({
    db: deps.dbHandle.db,
    keyVault: deps.keyVault,
    mailOutbox: deps.mailOutbox,
    mailDispatcher: deps.mailDispatcher,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(giftsRoutes, { service });
  const job = scheduleWithApp(
    app,
    createScheduledJob({
      name: 'gift-deliveries',
      intervalMs: GIFT_ROUND_MS,
      firstRound: { at: 'start' },
      dbHandle: deps.dbHandle,
      run: () => service.runDue(),
      onError: (error) => app.log.error({ err: error }, 'gift round failed'),
    }),
  );
  const unsubscribe = giftsPaid.subscribe(() => void job.tick());
  app.addHook('onClose', async () => unsubscribe());
  return service;
}
