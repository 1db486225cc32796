import { centsToEuros, formatEuros } from '@keyland/core/money';
import type { WithdrawalResult } from '@keyland/core/schemas/documents';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbHandle } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { createLoggedJob, type ScheduledJob } from '../../lib/scheduled-job.ts';
import { issueCreditNote } from '../invoices/index.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import { moveOrder, nextStatus, ordersIn, queueToBuyer, refundKeyOf } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { releaseOrderKeys } from '../preorders/index.ts';
import { formatWithdrawalTime, withdrawalMail } from './withdrawal.mail.ts';
import { createWithdrawalRepository } from './withdrawal.repository.ts';

export interface WithdrawalDeps {
  db: Database;
  provider: PaymentProvider;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The withdrawal function (Directive 2011/83 art. 11a): an order that is paid but whose keys were not
 * delivered yet (`awaiting_keys`, no key sold) can be withdrawn from by its customer.
 */
export function createWithdrawalService(deps: WithdrawalDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Refunds a withdrawn order through the provider with the order's refund idempotency key (at most one
   * refund per order, whatever path asks for it) and records the refund id; null when the provider failed.
   */
  async function refund(orderId: number, sessionId: string | null, cents: number): Promise<string | null> {
    if (!sessionId || cents <= 0) return null;
    try {
      const { refundId } = await provider.refund(
        sessionId,
        cents,
        refundKeyOf(orderId),
        'requested_by_customer',
      );
      await createWithdrawalRepository(db).setRefund(orderId, refundId);
      return refundId;
    } catch (error) {
      deps.log.error({ orderId, err: (error as Error).message }, 'withdrawal refund failed');
      return null;
    }
  }

  return {
    /** Retries the refunds of withdrawals the provider did not complete; answers how many succeeded. */
    async retryPendingRefunds(limit = 20): Promise<number> {
      let done = 0;
      for (const pending of await createWithdrawalRepository(db).pendingRefunds(limit))
        if (await refund(pending.orderId, pending.paymentSessionId, pending.refundedCents)) done += 1;
      return done;
    },

    /**
     * Records the withdrawal first, in one transaction with the order row locked (so a key delivery
     * cannot slip in): reserved keys go back on sale, the order becomes `refunded`, a credit note is
     * issued and the acknowledgement mail is queued. Then the payment is refunded through the provider
     * with the order's refund idempotency key; a failed refund is retried by calling again.
     */
    async withdraw(customerId: number, orderId: number): Promise<WithdrawalResult> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const checkout = ordersIn(tx);
        const repo = createWithdrawalRepository(tx);
        const order = await checkout.lockOrder(orderId);
        if (!order || order.customerId !== customerId) throw notFound('Unknown order');
        const existing = await repo.find(orderId);
        if (existing) return { row: existing, order, fresh: false };
        if (!nextStatus(order.status, 'withdrawn') || (await repo.soldKeyCount(orderId)) > 0)
          throw new AppError('ORDER_NOT_WITHDRAWABLE', 'This order has no right of withdrawal any more');
        // Keys a withdrawn pre-order held go to the next pre-order of the game waiting for them, if any.
        const released = await releaseOrderKeys(tx, orderId);
        await moveOrder(tx, order, 'withdrawn', { reservedUntil: null });
        const note = await issueCreditNote(tx, orderId, at);
        const row = await repo.insert({
          orderId,
          customerId,
          at,
          refundedCents: order.amountTotalCents,
          keysReleased: released,
        });
        await queueToBuyer(
          tx,
          deps,
          order,
          'order_withdrawal',
          (_t, name, locale) =>
            withdrawalMail(locale, {
              id: orderId,
              name,
              at: formatWithdrawalTime(at, locale),
              amount: formatEuros(order.amountTotalCents, locale),
              invoiceNumber: note?.number ?? null,
              historyUrl: `${deps.publicUrl}/History`,
            }),
          note,
        );
        return { row, order, fresh: true };
      });
      if (outcome.fresh) {
        deps.mailDispatcher.kick();
        catalogueChanged.notify();
      }
      const refundId =
        outcome.row.refundId ??
        (await refund(orderId, outcome.order.paymentSessionId, outcome.row.refundedCents));
      return {
        orderId,
        status: 'refunded',
        withdrawnAt: outcome.row.at.toISOString(),
        refunded: centsToEuros(outcome.row.refundedCents),
        refundId,
        refundPending: refundId === null,
        keysReleased: outcome.row.keysReleased,
      };
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/** Retries pending withdrawal refunds every 15 minutes, in one instance only. */
export function scheduleRefundRetries(
  dbHandle: DbHandle,
  service: WithdrawalService,
  log: FastifyBaseLogger,
): ScheduledJob {
  return createLoggedJob(log, {
    name: 'withdrawal-refunds',
    intervalMs: 15 * 60_000,
    dbHandle,
    run: () => service.retryPendingRefunds(),
    failed: 'withdrawal refund retry failed',
  });
}
