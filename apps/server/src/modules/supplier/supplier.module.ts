import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { DbHandle } from '../../db/client.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import { scheduleAppJob } from '../../lib/scheduled-job.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import { createKeySupplier } from './create-supplier.ts';
import type { KeySupplier } from './supplier.port.ts';
import { supplierRoutes } from './supplier.routes.ts';
import { createSupplierAdminService } from './supplier-admin.service.ts';
import { supplierPostbackRoutes } from './supplier-postback.ts';
import { createSupplierPurchases } from './supplier-purchases.service.ts';
import { createSupplierSyncService } from './supplier-sync.service.ts';

/** How often awaiting orders are looked at (each purchase has its own back-off). */
const DELIVERY_SWEEP_MS = 60_000;

/**
 * The key supplier feature: the adapter, on-demand purchases for fulfilment, the scheduled sync, the
 * delivery retry job and the admin routes.
 */
export function createSupplierModule(
  config: Config,
  deps: {
    dbHandle: DbHandle;
    keyVault: KeyVault;
    mailOutbox: MailOutbox;
    mailDispatcher: MailDispatcher;
    supplier?: KeySupplier | undefined;
    log: FastifyInstance['log'];
  },
) {
  const supplier = deps.supplier ?? createKeySupplier(config);
  const pricing = { marginPercent: config.supplier.marginPercent, floorCents: config.supplier.floorCents };
  const sync = createSupplierSyncService({ dbHandle: deps.dbHandle, supplier, pricing, log: deps.log });
  const purchases = createSupplierPurchases({
    dbHandle: deps.dbHandle,
    supplier,
    keyVault: deps.keyVault,
    mailOutbox: deps.mailOutbox,
    mailDispatcher: deps.mailDispatcher,
    publicUrl: config.publicUrl,
    log: deps.log,
  });

  return {
    supplier,
    sync,
    /** Handed to checkout; undefined with the embedded supplier (fulfilment as before). */
    purchases: supplier.canBuy ? purchases : undefined,

    async register(app: FastifyInstance): Promise<void> {
      await app.register(supplierRoutes, {
        service: createSupplierAdminService({
          db: deps.dbHandle.db,
          supplier,
          sync,
          pricing,
          syncIntervalMs: config.supplier.syncIntervalMs,
          log: app.log,
        }),
      });
      if (!supplier.canBuy) return;
      if (config.codesWholesale?.clientSignature) {
        await app.register(supplierPostbackRoutes, {
          dbHandle: deps.dbHandle,
          purchases,
          supplier: supplier.kind,
          clientId: config.codesWholesale.clientId,
          signature: config.codesWholesale.clientSignature,
        });
      }
      // Both services take their lock themselves (the sync is also started by administrators).
      if (config.supplier.syncIntervalMs > 0)
        scheduleAppJob(app, {
          name: 'supplier-sync',
          intervalMs: config.supplier.syncIntervalMs,
          run: () => sync.run('schedule'),
          failed: 'supplier sync failed',
        });
      scheduleAppJob(app, {
        name: 'supplier-deliveries',
        intervalMs: DELIVERY_SWEEP_MS,
        run: () => purchases.retryDue(),
        failed: 'supplier delivery retry failed',
      });
    },
  };
}
