import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/client.ts';
import { type LoggedJobOptions, scheduleAppJob } from './lib/scheduled-job.ts';
import type { SessionStore } from './modules/accounts/index.ts';
import type { ReviewService } from './modules/admin/orders/index.ts';
import type { CheckoutService } from './modules/checkout/index.ts';
import type { InvoicesService } from './modules/invoices/index.ts';
import type { MailDispatcher } from './modules/mail/index.ts';
import { settleDueTransfers } from './modules/payments/local-checkout.routes.ts';
import type { LocalPaymentRepository } from './modules/payments/local-payment.repository.ts';

/**
 * The rounds that keep orders and sessions moving without anyone asking, each run by one instance at a
 * time; shutting down waits for a round in progress.
 */
export function scheduleCheckoutJobs(
  app: FastifyInstance,
  dbHandle: DbHandle,
  parts: { checkout: CheckoutService; review: ReviewService; sessionStore: SessionStore },
): void {
  const { checkout, review, sessionStore } = parts;
  const job = (options: Omit<LoggedJobOptions, 'dbHandle'>) => scheduleAppJob(app, { ...options, dbHandle });
  // Reservations whose payment never came back are released every minute.
  job({
    name: 'reservation-sweeper',
    intervalMs: 60_000,
    run: () => checkout.sweepLapsed(),
    failed: 'reservation sweep failed',
  });
  // Held orders nobody reviewed in time are cancelled and refunded, never delivered.
  job({
    name: 'review-deadline',
    intervalMs: 5 * 60_000,
    run: () => review.cancelOverdue(),
    failed: 'review deadline job failed',
  });
  // Ended logins and spent rate-limit windows are only refused when read; their rows go every hour.
  job({
    name: 'expired-sessions',
    intervalMs: 60 * 60_000,
    run: () => sessionStore.deleteExpired(new Date()),
    failed: 'expired session purge failed',
  });
  // Sessions left in doubt (lost webhook, crash) are asked about at start and every minute.
  job({
    name: 'reconcile-payments',
    intervalMs: 60_000,
    firstRound: { at: 'start' },
    run: () => checkout.reconcilePayments(),
    // At start nothing of this process is in flight: every pending session is in doubt.
    runFirst: () => checkout.reconcilePayments({ settleMs: 0 }),
    failed: 'payment reconciliation failed',
  });
  // Dispute evidence that failed to go (or never went) is sent again while its deadline has not passed.
  job({
    name: 'dispute-evidence',
    intervalMs: 15 * 60_000,
    run: () => review.submitDisputeEvidence(),
    failed: 'dispute evidence job failed',
  });
}

/** The local provider's bank transfers settle a few seconds after they are made (development and tests). */
export function scheduleLocalSettlement(
  app: FastifyInstance,
  dbHandle: DbHandle,
  repository: LocalPaymentRepository,
  webhookSecret: string,
): void {
  scheduleAppJob(app, {
    name: 'local-payment-settlement',
    intervalMs: 1_000,
    dbHandle,
    run: () => settleDueTransfers(app, repository, webhookSecret, new Date()),
    failed: 'local payment settlement failed',
  });
}

/**
 * Invoices of paid orders get their gapless numbers in this round, in payment order, a moment after their
 * payment (decision 033); a mail carrying one goes once it is numbered. `kick()` asks for a round as soon
 * as the invoice just written is old enough to be numbered (after a payment commits).
 */
export function scheduleInvoiceNumbering(
  app: FastifyInstance,
  dbHandle: DbHandle,
  parts: { invoices: InvoicesService; mailDispatcher: MailDispatcher; intervalMs: number; settleMs: number },
): { kick(): void } {
  const { invoices, mailDispatcher, settleMs } = parts;
  const job = scheduleAppJob(app, {
    name: 'invoice-numbering',
    intervalMs: parts.intervalMs,
    // Invoices a stopped process left without numbers are numbered at once.
    firstRound: { at: 'start' },
    dbHandle,
    run: async () => {
      const numbered = await invoices.numberWaiting(settleMs);
      if (numbered > 0) mailDispatcher.kick();
      return numbered;
    },
    failed: 'invoice numbering failed',
  });
  let asked: NodeJS.Timeout | undefined;
  return {
    kick() {
      if (asked) return;
      asked = setTimeout(() => {
        asked = undefined;
        void job.tick();
      }, settleMs);
      asked.unref();
    },
  };
}
