import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/client.ts';
import { scheduleWithApp } from './lib/scheduled-job.ts';
import type { RateLimiter, SessionStores } from './modules/accounts/index.ts';
import type { MailDispatcher, MailOutbox } from './modules/mail/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService, scheduleRetention } from './modules/privacy/privacy.service.ts';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes.ts';
import { createWithdrawalService, scheduleRefundRetries } from './modules/withdrawal/withdrawal.service.ts';

/**
 * The consumer's statutory rights: withdrawing from an order not yet delivered (with its refund retries),
 * and the data export and erasure of the GDPR (with the retention job).
 */
export async function registerCustomerRights(
  app: FastifyInstance,
  dbHandle: DbHandle,
  deps: {
    provider: PaymentProvider;
    mailOutbox: MailOutbox;
    mailDispatcher: MailDispatcher;
    publicUrl: string;
    cancelOpenCheckouts: (customerId: number) => Promise<void>;
    limiter: RateLimiter;
    sessionStores: SessionStores;
  },
): Promise<void> {
  const { db } = dbHandle;
  const withdrawal = createWithdrawalService({
    db,
    provider: deps.provider,
    mailOutbox: deps.mailOutbox,
    mailDispatcher: deps.mailDispatcher,
    publicUrl: deps.publicUrl,
    log: app.log,
  });
  await app.register(withdrawalRoutes, { service: withdrawal });
  scheduleWithApp(app, scheduleRefundRetries(dbHandle, withdrawal, app.log));
  const privacy = createPrivacyService({
    db,
    cancelOpenCheckouts: deps.cancelOpenCheckouts,
    limiter: deps.limiter,
    sessionStores: deps.sessionStores,
    log: app.log,
  });
  await app.register(privacyRoutes, { service: privacy });
  scheduleWithApp(app, scheduleRetention(dbHandle, privacy, app.log));
}
