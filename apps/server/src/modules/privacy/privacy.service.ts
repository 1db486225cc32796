import { randomBytes } from 'node:crypto';
import { centsToEuros } from '@keyland/core/money';
import type { DataExport } from '@keyland/core/schemas/documents';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbHandle } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createLoggedJob, type ScheduledJob } from '../../lib/scheduled-job.ts';
import type { SessionStores } from '../accounts/index.ts';
import { databaseSessionStores, LOGIN_FAILURES_PER_ACCOUNT, type RateLimiter } from '../accounts/index.ts';
import { claimsOfCustomer, eraseClaimEvidenceOf } from '../claims/index.ts';
import { eraseGiftsOf, giftsOfCustomer } from '../gifts/index.ts';
import { financialYearOf, invoicesOfCustomer, RETENTION_YEARS } from '../invoices/index.ts';
import { erasePasskeysOf, passkeysOfCustomer } from '../passkeys/index.ts';
import { eraseTicketsOf, ticketsOfCustomer } from '../support/index.ts';
import { eraseWishlistOf, wishlistOfCustomer } from '../wishlist/index.ts';
import { createPrivacyRepository } from './privacy.repository.ts';

export interface PrivacyDeps {
  db: Database;
  /** Closes the customer's unpaid checkouts (expires the provider session, releases the keys). */
  cancelOpenCheckouts: (customerId: number) => Promise<void>;
  /** Wrong passwords count as failed logins of the account (guessing through this form is limited too). */
  limiter?: RateLimiter;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Where sessions and rate-limit counters live (the database by default). */
  sessionStores?: SessionStores;
}

/** GDPR rights of a customer: data export (art. 20) and erasure (art. 17 with the 17(3)(b) exception). */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createPrivacyRepository(db);
  const sessionStores = deps.sessionStores ?? databaseSessionStores;

  return {
    async exportData(customerId: number): Promise<DataExport> {
      const customer = await repository.customer(customerId);
      if (!customer) throw notFound('Unknown customer');
      const orders = await repository.orders(customerId);
      const lines = await repository.lines(orders.map((o) => o.id));
      const withdrawals = new Map((await repository.withdrawals(customerId)).map((w) => [w.orderId, w]));
      const invoices = await invoicesOfCustomer(db, customerId);
      return {
        exportedAt: now().toISOString(),
        profile: {
          id: customer.id,
          email: customer.email,
          fullName: customer.fullName,
          phone: customer.phone,
          countryId: customer.countryId,
          lang: customer.lang,
          bio: customer.bio,
          emailVerified: customer.emailVerified,
          createdAt: customer.createdAt.toISOString(),
        },
        orders: orders.map((order) => ({
          id: order.id,
          status: order.status,
          createdAt: order.createdAt.toISOString(),
          paidAt: order.paidAt?.toISOString() ?? null,
          countryId: order.countryId,
          vatPercent: basisPointsToPercent(order.vatBasisPoints ?? 0),
          net: centsToEuros(order.amountUntaxedCents),
          vat: centsToEuros(order.amountTaxCents),
          total: centsToEuros(order.amountTotalCents),
          paymentProvider: order.paymentProvider,
          lines: lines
            .filter((line) => line.orderId === order.id)
            .map((line) => ({
              title: line.title,
              quantity: line.quantity,
              unitPrice: centsToEuros(line.unitPriceCents),
              total: centsToEuros(line.totalCents),
            })),
          withdrawnAt: withdrawals.get(order.id)?.at.toISOString() ?? null,
        })),
        consents: (await repository.consents(customerId)).map((c) => ({
          orderId: c.orderId,
          text: c.text,
          clientTimestamp: c.clientTimestamp,
          recordedAt: c.recordedAt.toISOString(),
          termsVersion: c.termsVersion,
          ip: c.ip,
          userAgent: c.userAgent,
        })),
        invoices: invoices.map((invoice) => ({
          id: invoice.id,
          kind: invoice.kind,
          number: invoice.number,
          orderId: invoice.orderId,
          issuedAt: invoice.issuedAt.toISOString(),
          net: centsToEuros(invoice.netCents),
          vat: centsToEuros(invoice.vatCents),
          total: centsToEuros(invoice.totalCents),
          creditsInvoice: invoice.creditedInvoiceNumber,
        })),
        keyAccess: (await repository.keyAccess(customerId)).map((access) => ({
          orderId: access.orderId,
          keyId: access.keyId,
          action: access.action,
          at: access.at.toISOString(),
          ip: access.ip,
          userAgent: access.userAgent,
        })),
        keyClaims: await claimsOfCustomer(db, customerId),
        supportTickets: await ticketsOfCustomer(db, customerId),
        passkeys: await passkeysOfCustomer(db, customerId),
        wishlist: await wishlistOfCustomer(db, customerId),
        gifts: await giftsOfCustomer(db, customerId),
      };
    },

    /**
     * Erases an account after its password is confirmed: open checkouts are closed, then in one
     * transaction the personal data is anonymised everywhere, every session, token and passkey ends and
     * the e-mail address is free again. Orders and invoices stay for the retention period.
     */
    async erase(customerId: number, password: string): Promise<void> {
      const customer = await repository.customer(customerId);
      if (!customer) throw notFound('Unknown customer');
      const limited = await deps.limiter?.check(LOGIN_FAILURES_PER_ACCOUNT, customer.email);
      if (limited?.limited)
        throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', {
          headers: { 'retry-after': String(limited.retryAfterSec) },
        });
      if (!(await verifyPassword(customer.passwordHash, password))) {
        await deps.limiter?.hit(LOGIN_FAILURES_PER_ACCOUNT, customer.email);
        throw new AppError('PASSWORD_INCORRECT', 'The password is not correct', { field: 'password' });
      }
      await deps.cancelOpenCheckouts(customerId);
      const unusable = await hashPassword(randomBytes(32).toString('hex'));
      await db.transaction(async (tx) => {
        const repo = createPrivacyRepository(tx);
        const locked = await repo.lockCustomer(customerId);
        if (!locked) throw notFound('Unknown customer');
        await repo.anonymise(customerId, locked.email, unusable, now());
        // What the customer wrote to support and attached to claims goes too; the claims' outcomes stay
        // with their orders for the retention period.
        await eraseTicketsOf(tx, customerId);
        await eraseClaimEvidenceOf(tx, customerId);
        await eraseWishlistOf(tx, customerId);
        // The recipients of the customer's gifts are not kept either; a gift not sent yet is cancelled.
        await eraseGiftsOf(tx, customerId, now());
        await erasePasskeysOf(tx, customerId);
        const store = sessionStores.on(tx);
        await store.deleteSessionsOf(customerId);
        // Counters keyed by the address (`<rule>:<email>`).
        await store.deleteCountersOf(locked.email);
      });
      deps.log.info({ customerId }, 'account erased');
    },

    /**
     * Deletes what is past retention: invoices after 7 years from the end of their financial year, then
     * orders of erased customers no invoice needs, then erased customers with nothing left.
     */
    async runRetention(): Promise<{ invoices: number; orders: number; customers: number }> {
      const cutoffYear = financialYearOf(now()) - RETENTION_YEARS;
      const cutoff = new Date(Date.UTC(cutoffYear, 0, 1));
      const { invoices, orders } = await db.transaction(async (tx) => {
        const repo = createPrivacyRepository(tx);
        return {
          invoices: await repo.deleteExpiredInvoices(),
          orders: await repo.deleteUnneededOrdersOfErased(cutoff),
        };
      });
      // One by one: a row another record still points to (an admin's audit trail) simply stays.
      let customers = 0;
      for (const customerId of await repository.emptyErasedCustomers()) {
        try {
          await repository.deleteCustomer(customerId);
          customers += 1;
        } catch (error) {
          deps.log.warn(
            { customerId, err: (error as Error).message },
            'erased customer kept: still referenced',
          );
        }
      }
      return { invoices, orders, customers };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

const DAY_MS = 24 * 60 * 60_000;

/** The retention job: once a day (the first a minute after start), in one instance only. */
export function scheduleRetention(
  dbHandle: DbHandle,
  service: PrivacyService,
  log: FastifyBaseLogger,
): ScheduledJob {
  return createLoggedJob(log, {
    name: 'retention',
    intervalMs: DAY_MS,
    firstRound: { at: 'delay', delayMs: 60_000 },
    dbHandle,
    run: async () => {
      const outcome = await service.runRetention();
      log.info(outcome, 'retention job done');
      return outcome;
    },
    failed: 'retention job failed',
  });
}
