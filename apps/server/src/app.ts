import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccounts } from './app-accounts.ts';
import { registerCustomerRights } from './app-customer-rights.ts';
import { registerGifts, registerPreorders } from './app-deliveries.ts';
import { scheduleCheckoutJobs, scheduleInvoiceNumbering, scheduleLocalSettlement } from './app-jobs.ts';
import { registerCatalogueAndPrices } from './app-pricing.ts';
import { registerSupport } from './app-support.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH, registerWishlist } from './app-wishlist.ts';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { KeyVault } from './lib/key-vault.ts';
import { createAuthRepository } from './modules/accounts/auth.repository.ts';
import { createRateLimiter } from './modules/accounts/rate-limiter.ts';
import { createSessionService } from './modules/accounts/session.service.ts';
import { databaseSessionStores } from './modules/accounts/session-store.database.ts';
import type { SessionStores } from './modules/accounts/session-store.port.ts';
import { createRedisSessionStores } from './modules/accounts/session-store.redis.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createReviewService } from './modules/admin/orders/index.ts';
import { createPaymentEventsHandler } from './modules/admin/orders/payment-events.service.ts';
import { coverFileRoutes, UPLOADS_PREFIX } from './modules/admin/products/cover.routes.ts';
import { gameDetailAudit } from './modules/admin/products/game-detail-audit.ts';
import type { BackOffice } from './modules/backoffice/backoffice.port.ts';
import { createBackOffice } from './modules/backoffice/create-backoffice.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { registerGameData } from './modules/gamedata/game-data.module.ts';
import type { GameDataSource } from './modules/gamedata/game-data.port.ts';
import { giftStatesOfOrders } from './modules/gifts/index.ts';
import { type DrainState, healthRoutes } from './modules/health/health.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.ts';
import { createMailDispatcher } from './modules/mail/mail.dispatcher.ts';
import { createMailOutbox } from './modules/mail/mail.outbox.ts';
import {
  createOutboxTransport,
  createSmtpTransport,
  type MailTransport,
} from './modules/mail/mail.transport.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { createOrdersService, type OrdersService, ordersRoutes } from './modules/orders/index.ts';
import { createPaymentProvider } from './modules/payments/create-payment-provider.ts';
import { localCheckoutRoutes } from './modules/payments/local-checkout.routes.ts';
import { createLocalPaymentRepository } from './modules/payments/local-payment.repository.ts';
import type { PaymentProvider } from './modules/payments/payment.port.ts';
import { webhookRoutes } from './modules/payments/webhook.routes.ts';
import { createRiskService } from './modules/risk/index.ts';
import { createSupplierModule } from './modules/supplier/supplier.module.ts';
import type { KeySupplier } from './modules/supplier/supplier.port.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerApiReference, registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityEvents } from './plugins/security-events.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { registerTextSafety } from './plugins/text-safety.ts';
import { registerJsonBodies, serverOptions } from './server-options.ts';
import { registerStorefront } from './storefront.ts';

export interface AppDeps {
  dbHandle: DbHandle;
  keyVault: KeyVault;
  /** Overrides for outside systems (tests); by default they follow the configuration. */
  backOffice?: BackOffice;
  mailTransport?: MailTransport;
  paymentProvider?: PaymentProvider;
  keySupplier?: KeySupplier;
  gameDataSource?: GameDataSource;
  /** Where logs go (tests capture them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Prefix of the Redis keys when REDIS_URL is set (tests give each file its own); `keyland:` by default. */
  redisKeyPrefix?: string;
}

/** Builds the whole store (API and web app) without listening, so tests can `inject` into it. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, deps.logStream)).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityEvents(app);
  registerTextSafety(app);

  registerJsonBodies(app);

  await registerSecurityHeaders(app, config);
  await app.register(cookie);

  // Signed webhooks, multipart uploads and one-click unsubscribes (RFC 8058) check their callers themselves.
  const crossSiteExempt = ['/api/payments/webhook/', UPLOADS_PREFIX, ONE_CLICK_UNSUBSCRIBE_PATH];
  await registerOpenApi(app, { crossSiteExempt });

  const { db } = deps.dbHandle;
  const authRepository = createAuthRepository(db);
  // Sessions and rate-limit counters: in the database, or in Redis when REDIS_URL is set.
  const sessionStores: SessionStores = config.redisUrl
    ? createRedisSessionStores({ url: config.redisUrl, log: app.log, prefix: deps.redisKeyPrefix })
    : databaseSessionStores;
  // Start answering once the first connection to Redis is made (or has failed: /readyz then says so).
  app.addHook('onReady', async () => {
    await sessionStores.ping().catch((error: unknown) => {
      app.log.error({ err: (error as Error).cause ?? error }, 'redis unavailable at start');
    });
  });
  app.addHook('onClose', async () => sessionStores.close());
  const sessionStore = sessionStores.on(db);
  const sessions = createSessionService(sessionStore);
  const limiter = createRateLimiter(sessionStore);
  const mailOutbox = createMailOutbox(db, deps.keyVault);
  const invoices = createInvoicesService({ db, company: config.company, mailOutbox });
  const mailDispatcher = createMailDispatcher({
    repository: mailOutbox,
    transport:
      deps.mailTransport ??
      (config.smtpUrl
        ? createSmtpTransport(config.smtpUrl)
        : createOutboxTransport(path.join(config.dataDir, 'outbox'))),
    from: config.mailFrom,
    log: app.log,
    renderAttachment: (invoiceId) => invoices.attachment(invoiceId),
    lock: (name, fn) => deps.dbHandle.withLock(name, fn),
  });
  app.addHook('onReady', async () => mailDispatcher.start());
  app.addHook('onClose', async () => mailDispatcher.stop());
  app.decorate('mailDispatcher', mailDispatcher);
  const numbering = { invoices, mailDispatcher, ...config.invoiceNumbering };
  const invoiceNumbering = scheduleInvoiceNumbering(app, deps.dbHandle, numbering);

  await app.register(sessionPlugin, { sessions });
  registerCrossSiteGuard(app, config.publicUrl, crossSiteExempt);

  const drain: DrainState = { draining: false };
  app.decorate('drain', drain);
  await app.register(healthRoutes, {
    dbHandle: deps.dbHandle,
    drain,
    alsoNeeds: sessionStores.kind === 'redis' ? [() => sessionStores.ping()] : [],
  });
  const { totp } = await registerAccounts(app, config, {
    db,
    keyVault: deps.keyVault,
    authRepository,
    sessions,
    sessionStores,
    limiter,
    backOffice: deps.backOffice ?? createBackOffice(config),
    mailOutbox,
    mailDispatcher,
  });
  const { catalogue: catalogueService } = await registerCatalogueAndPrices(
    app,
    config,
    deps.dbHandle,
    gameDetailAudit(db),
  );
  const payments = deps.paymentProvider
    ? { provider: deps.paymentProvider, localWebhookSecret: undefined }
    : createPaymentProvider(config, db);
  const supplierModule = createSupplierModule(config, {
    dbHandle: deps.dbHandle,
    keyVault: deps.keyVault,
    mailOutbox,
    mailDispatcher,
    supplier: deps.keySupplier,
    log: app.log,
  });
  const risk = createRiskService({
    db,
    settings: config.risk,
    supportUrl: `${config.publicUrl}/contactPage`,
  });
  const checkout = createCheckoutService({
    db,
    provider: payments.provider,
    keyVault: deps.keyVault,
    mailOutbox,
    mailDispatcher,
    publicUrl: config.publicUrl,
    log: app.log,
    onProviderEvent: createPaymentEventsHandler({ db, provider: payments.provider, log: app.log }).handle,
    supplierPurchases: supplierModule.purchases,
    invoices,
    invoiceNumbering,
    risk,
    reviewHours: Math.ceil(config.risk.reviewDeadlineHours),
    processingHoldDays: config.paymentProcessingHoldDays,
  });
  const review = createReviewService({
    db,
    withLock: (name, fn) => deps.dbHandle.withLock(name, fn),
    provider: payments.provider,
    risk,
    approveHeld: checkout.approveHeld,
    mailOutbox,
    mailDispatcher,
    publicUrl: config.publicUrl,
    log: app.log,
    deadlineHours: config.risk.reviewDeadlineHours,
  });
  const { claims, attention } = await registerSupport(app, config, {
    db,
    keyVault: deps.keyVault,
    provider: payments.provider,
    mailOutbox,
    mailDispatcher,
    limiter,
    supplierPurchases: supplierModule.purchases,
  });
  await app.register(cartRoutes, { service: createCartService(db, { limiter }) });
  await app.register(checkoutRoutes, { service: checkout });
  const orders = createOrdersService({
    db,
    keyVault: deps.keyVault,
    reviewHours: Math.ceil(config.risk.reviewDeadlineHours),
    claimsOf: claims.ofOrders,
    claimHours: Math.ceil(config.support.claimResolutionHours),
    giftsOf: (orderIds) => giftStatesOfOrders(db, orderIds),
  });
  await app.register(ordersRoutes, { service: orders });
  app.decorate('orders', orders);
  await app.register(invoicesRoutes, { service: invoices });
  await app.register(webhookRoutes, { service: checkout, provider: payments.provider.kind });
  if (payments.localWebhookSecret) {
    const localPayments = createLocalPaymentRepository(db);
    await app.register(localCheckoutRoutes, {
      repository: localPayments,
      webhookSecret: payments.localWebhookSecret,
    });
    scheduleLocalSettlement(app, deps.dbHandle, localPayments, payments.localWebhookSecret);
  }
  app.decorate('checkout', checkout);
  app.decorate('review', review);
  await app.register(adminRoutes, {
    db,
    keyVault: deps.keyVault,
    provider: payments.provider,
    mailOutbox,
    mailDispatcher,
    publicUrl: config.publicUrl,
    log: app.log,
    totp,
    dataDir: config.dataDir,
    cancelOpenCheckouts: checkout.cancelOpenCheckouts,
    sessionStores,
    review,
    attention,
  });
  await app.register(coverFileRoutes, { dataDir: config.dataDir });
  await registerCustomerRights(app, deps.dbHandle, {
    provider: payments.provider,
    mailOutbox,
    mailDispatcher,
    publicUrl: config.publicUrl,
    cancelOpenCheckouts: checkout.cancelOpenCheckouts,
    limiter,
    sessionStores,
  });
  scheduleCheckoutJobs(app, deps.dbHandle, { checkout, review, sessionStore });
  await registerPreorders(app, config, {
    ...deps,
    mailOutbox,
    mailDispatcher,
    supplierPurchases: supplierModule.purchases,
  });
  await registerGifts(app, config, { ...deps, mailOutbox, mailDispatcher });
  await registerWishlist(app, config, deps.dbHandle, { mailOutbox, mailDispatcher });

  await supplierModule.register(app);
  app.decorate(
    'gameData',
    registerGameData(app, config, { dbHandle: deps.dbHandle, source: deps.gameDataSource }),
  );
  await app.register(mediaRoutes, { db });
  if (config.nodeEnv === 'development' && !config.smtpUrl) {
    await app.register(devMailboxRoutes, { outboxDir: path.join(config.dataDir, 'outbox') });
  }
  if (config.nodeEnv === 'development') await registerApiReference(app);

  await registerStorefront(app, config, { catalogue: catalogueService, sessions });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailDispatcher: ReturnType<typeof createMailDispatcher>;
    checkout: ReturnType<typeof createCheckoutService>;
    review: ReturnType<typeof createReviewService>;
    orders: OrdersService;
    gameData: ReturnType<typeof registerGameData>;
    drain: DrainState;
  }
}
