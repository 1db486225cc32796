import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { ChangeSignal } from './lib/catalogue-changed.ts';
import type { KeyVault } from './lib/key-vault.ts';
import { scheduleAppJob } from './lib/scheduled-job.ts';
import { createGiftsService, giftsPaid, giftsRoutes } from './modules/gifts/index.ts';
import type { MailDispatcher, MailOutbox } from './modules/mail/index.ts';
import {
  createPreordersService,
  preorderKeysClaimed,
  preordersAdminRoutes,
} from './modules/preorders/index.ts';
import type { SupplierPurchases } from './modules/supplier/index.ts';

/** How often a delivery round runs: a release or gift day begins within a minute of 00:00 Tallinn. */
const DELIVERY_ROUND_MS = 60_000;

interface DeliveryDeps {
  dbHandle: DbHandle;
  keyVault: KeyVault;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
}

/** What both delivery services are made of. */
const serviceDeps = (app: FastifyInstance, config: Config, deps: DeliveryDeps) => ({
  db: deps.dbHandle.db,
  keyVault: deps.keyVault,
  mailOutbox: deps.mailOutbox,
  mailDispatcher: deps.mailDispatcher,
  publicUrl: config.publicUrl,
  log: app.log,
});

/** A round run by one instance at a time: at start, every minute, and at once when `signal` fires here. */
function scheduleRound(
  app: FastifyInstance,
  dbHandle: DbHandle,
  round: { name: string; what: string; run: () => Promise<unknown>; signal: ChangeSignal },
) {
  const job = scheduleAppJob(app, {
    name: round.name,
    intervalMs: DELIVERY_ROUND_MS,
    firstRound: { at: 'start' },
    dbHandle,
    run: round.run,
    failed: `${round.what} round failed`,
  });
  const unsubscribe = round.signal.subscribe(() => void job.tick());
  app.addHook('onClose', async () => unsubscribe());
}

/**
 * Pre-orders (docs/decisions/038-pre-orders.md): the back office's obligations list, and the round that
 * reserves arriving keys for waiting pre-orders and delivers them from their release day on (asked at
 * once after a key import claimed keys), buying from the key supplier what the stock cannot give.
 */
export async function registerPreorders(
  app: FastifyInstance,
  config: Config,
  deps: DeliveryDeps & { supplierPurchases: SupplierPurchases | undefined },
) {
  const service = createPreordersService({
    ...serviceDeps(app, config, deps),
    supplierPurchases: deps.supplierPurchases,
  });
  await app.register(preordersAdminRoutes, { service });
  scheduleRound(app, deps.dbHandle, {
    name: 'preorder-deliveries',
    what: 'pre-order',
    run: () => service.runDue(),
    signal: preorderKeysClaimed,
  });
  return service;
}

/**
 * Gifts (docs/decisions/039-gifts.md): the recipient's page and the buyer's resend, and the round that
 * mails each gift on its day once its keys are reserved (asked at once after a gift is paid).
 */
export async function registerGifts(app: FastifyInstance, config: Config, deps: DeliveryDeps) {
  const service = createGiftsService(serviceDeps(app, config, deps));
  await app.register(giftsRoutes, { service });
  scheduleRound(app, deps.dbHandle, {
    name: 'gift-deliveries',
    what: 'gift',
    run: () => service.runDue(),
    signal: giftsPaid,
  });
  return service;
}
