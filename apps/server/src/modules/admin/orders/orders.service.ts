import { centsToEuros } from '@keyland/core/money';
import {
  type AdminOrderDetail,
  type CancelOrderResult,
  disputeEvidenceSummarySchema,
} from '@keyland/core/schemas/admin';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { FastifyBaseLogger } from 'fastify';
import type { orderCancellations } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { codeKind, maskCode } from '../../../lib/key-code-display.ts';
import { auditTrail } from '../../audit/index.ts';
import { claimRefundedCents } from '../../claims/index.ts';
import { issueCreditNote } from '../../invoices/index.ts';
import {
  enqueueOrderCancelledMail,
  moveOrder,
  nextStatus,
  ordersIn,
  refundKeyOf,
} from '../../orders/index.ts';
import type { PaymentProvider } from '../../payments/index.ts';
import { stockIn } from '../../stock/index.ts';
import type { Actor, BackOfficeDeps } from '../index.ts';
import { createAdminOrdersRepository, type OrderSearch } from './orders.repository.ts';
import { createPaymentEventsRepository, type OrderDisputeRow } from './payment-events.repository.ts';

export interface AdminOrdersDeps extends BackOfficeDeps {
  now?: () => Date;
}

export { refundKeyOf };

/**
 * Refunds an order's whole amount through the provider that took it, with the order's refund key (a retry
 * refunds nothing twice); 502 REFUND_FAILED when the provider refuses or another provider took it.
 */
export async function refundInFull(
  deps: { provider: PaymentProvider; log: FastifyBaseLogger },
  order: {
    id: number;
    paymentSessionId: string | null;
    paymentProvider: string | null;
    amountTotalCents: number;
  },
): Promise<string> {
  if (!order.paymentSessionId || order.paymentProvider !== deps.provider.kind)
    throw new AppError('REFUND_FAILED', 'The order was not paid through the current payment provider');
  try {
    const { refundId } = await deps.provider.refund(
      order.paymentSessionId,
      order.amountTotalCents,
      refundKeyOf(order.id),
    );
    return refundId;
  } catch (error) {
    deps.log.error({ orderId: order.id, err: (error as Error).message }, 'refund failed');
    throw new AppError('REFUND_FAILED', 'The payment provider did not refund the order');
  }
}

/** A dispute as the back office shows it (on the order and in the disputes list). */
export const disputeView = (dispute: OrderDisputeRow) => ({
  disputeId: dispute.providerDisputeId,
  status: dispute.status,
  providerStatus: dispute.providerStatus,
  reason: dispute.reason,
  amount: centsToEuros(dispute.amountCents),
  openedAt: dispute.openedAt.toISOString(),
  closedAt: dispute.closedAt?.toISOString() ?? null,
  evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
  evidenceSubmittedAt: dispute.evidenceSubmittedAt?.toISOString() ?? null,
  // While it is being sent the column holds the sender's claim, not a summary: nothing to show yet.
  evidence: dispute.evidenceSubmittedAt
    ? (disputeEvidenceSummarySchema.safeParse(dispute.evidence).data ?? null)
    : null,
  evidenceError: dispute.evidenceError,
});

type CancellationRow = typeof orderCancellations.$inferSelect;

const resultOf = (row: CancellationRow, mailQueued: boolean): CancelOrderResult => ({
  orderId: row.orderId,
  status: 'cancelled',
  refundId: row.refundId,
  refunded: centsToEuros(row.refundedCents),
  keysRevoked: row.keysRevoked,
  keysAlreadyDelivered: row.keysAlreadyDelivered,
  mailQueued,
});

export function createAdminOrdersService(deps: AdminOrdersDeps) {
  const { db, keyVault } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createAdminOrdersRepository(db);

  return {
    async list(search: OrderSearch) {
      const { rows, total } = await repository.page(search);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          status: row.status,
          customerId: row.customerId,
          email: row.email,
          total: centsToEuros(row.totalCents),
          tax: centsToEuros(row.taxCents),
          keys: Number(row.keys),
          paymentProvider: row.paymentProvider,
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
          dispute: row.dispute ?? null,
          refunded: centsToEuros(Number(row.refundedCents)),
        })),
      };
    },

    async detail(orderId: number): Promise<AdminOrderDetail> {
      const found = await repository.find(orderId);
      if (!found) throw notFound('Unknown order');
      const { order, customer } = found;
      const [lines, keys, consent, cancellation] = [
        await ordersIn(db).lines(orderId),
        await stockIn(db).keysOfOrder(orderId),
        await repository.consent(orderId),
        await repository.cancellation(orderId),
      ];
      const providerEvents = createPaymentEventsRepository(db);
      const [refunds, disputes] = [
        await providerEvents.refundsOf(orderId),
        await providerEvents.disputesOf(orderId),
      ];
      return {
        id: order.id,
        status: order.status,
        createdAt: order.createdAt.toISOString(),
        paidAt: order.paidAt?.toISOString() ?? null,
        customer: {
          id: customer.id,
          email: customer.email,
          fullName: customer.fullName,
          lang: customer.lang,
          suspended: customer.suspended,
        },
        countryId: order.countryId,
        taxPercent: basisPointsToPercent(order.vatBasisPoints ?? 0),
        untaxed: centsToEuros(order.amountUntaxedCents),
        tax: centsToEuros(order.amountTaxCents),
        total: centsToEuros(order.amountTotalCents),
        lines: lines.map((line) => ({
          id: line.id,
          gameId: line.gameId,
          title: line.title,
          platform: line.platform,
          quantity: line.quantity,
          unitPrice: centsToEuros(line.unitPriceCents),
          net: centsToEuros(line.netCents),
          tax: centsToEuros(line.taxCents),
          total: centsToEuros(line.totalCents),
          keys: keys
            .filter((key) => key.orderLineId === line.id)
            .map((key) => {
              const code = keyVault.decrypt(key.codeCiphertext);
              return { id: key.id, masked: maskCode(code), kind: codeKind(code), status: key.status };
            }),
        })),
        consent: consent
          ? {
              text: consent.text,
              clientTimestamp: consent.clientTimestamp,
              recordedAt: consent.recordedAt.toISOString(),
              termsVersion: consent.termsVersion,
              ip: consent.ip,
              userAgent: consent.userAgent,
            }
          : null,
        payment: { provider: order.paymentProvider, sessionId: order.paymentSessionId },
        cancellation: cancellation
          ? {
              at: cancellation.at.toISOString(),
              adminId: cancellation.adminId,
              reason: cancellation.reason,
              refundId: cancellation.refundId,
              refunded: centsToEuros(cancellation.refundedCents),
              keysRevoked: cancellation.keysRevoked,
              keysAlreadyDelivered: cancellation.keysAlreadyDelivered,
            }
          : null,
        refunds: refunds.map((refund) => ({
          refundId: refund.providerRefundId,
          amount: centsToEuros(refund.amountCents),
          at: refund.refundedAt.toISOString(),
          recordedAt: refund.recordedAt.toISOString(),
        })),
        disputes: disputes.map(disputeView),
      };
    },

    /**
     * Cancels a paid order suspected of fraud. The refund comes first, through the provider with the
     * idempotency key `keyland-refund-<id>` (a retry after a failure below refunds nothing twice); then, in
     * one transaction, its keys are revoked, the order becomes `cancelled`, the cancellation is recorded, the
     * customer's e-mail goes to the outbox in their language and the audit row is written. Keyland shows
     * keys at payment (success page, e-mail, history), so every sold key counts as already delivered: it is
     * revoked in our records and never sold again, but it may have been redeemed.
     */
    async cancel(actor: Actor, orderId: number, reason: string): Promise<CancelOrderResult> {
      const found = await repository.find(orderId);
      if (!found) throw notFound('Unknown order');
      const { order } = found;
      if (order.status === 'cancelled') {
        const done = await repository.cancellation(orderId);
        if (done) return resultOf(done, false);
      }
      if (!nextStatus(order.status, 'cancelled_by_admin'))
        throw new AppError(
          'ORDER_NOT_CANCELLABLE',
          `Only a paid order can be cancelled (it is ${order.status})`,
        );
      // What refunded key claims already gave back is not refunded again.
      const claimed = await claimRefundedCents(db, orderId);
      const refundId = await refundInFull(deps, {
        ...order,
        amountTotalCents: order.amountTotalCents - claimed,
      });

      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const checkout = ordersIn(tx);
        const orders = createAdminOrdersRepository(tx);
        const locked = await checkout.lockOrder(orderId);
        if (!locked) throw notFound('Unknown order');
        if (locked.status === 'cancelled') {
          const done = await orders.cancellation(orderId);
          if (done) return { row: done, fresh: false };
        }
        if (!nextStatus(locked.status, 'cancelled_by_admin'))
          throw new AppError(
            'ORDER_NOT_CANCELLABLE',
            `Only a paid order can be cancelled (it is ${locked.status})`,
          );
        const revoked = await stockIn(tx).revokeSoldKeys(orderId, at);
        await moveOrder(tx, locked, 'cancelled_by_admin');
        await issueCreditNote(tx, orderId, at);
        const row = await orders.insertCancellation({
          orderId,
          adminId: actor.adminId,
          reason,
          refundId,
          refundedCents: locked.amountTotalCents,
          keysRevoked: revoked.length,
          keysAlreadyDelivered: revoked.length,
          at,
        });
        const mailTo = await enqueueOrderCancelledMail(tx, deps, locked);
        await auditTrail(tx).record(actor, {
          action: 'order.cancel',
          targetType: 'order',
          targetId: orderId,
          before: { status: locked.status, soldKeys: revoked.length },
          after: {
            status: 'cancelled',
            reason,
            refundId,
            refundedCents: locked.amountTotalCents,
            revokedKeyIds: revoked,
            keysAlreadyDelivered: revoked.length,
            note: 'Keys are shown to the customer at payment; revoked here, they may have been redeemed already.',
            mailTo,
          },
        });
        return { row, fresh: true };
      });
      if (outcome.fresh) deps.mailDispatcher.kick();
      return resultOf(outcome.row, outcome.fresh);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
