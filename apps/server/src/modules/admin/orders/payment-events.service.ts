import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { auditTrail } from '../../audit/index.ts';
import { issueCreditNote } from '../../invoices/index.ts';
import { moveOrder, nextStatus, type OrderRow, ordersIn } from '../../orders/index.ts';
import type { ChargeState, DisputeState, PaymentEvent, PaymentProvider } from '../../payments/index.ts';
import { releaseOrderKeys } from '../../preorders/index.ts';
import { stockIn } from '../../stock/index.ts';
import { createDisputeEvidence } from './dispute-evidence.service.ts';
import { createPaymentEventsRepository, type OrderDisputeRow } from './payment-events.repository.ts';

export interface PaymentEventsDeps {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Refund states that count as money given back (a failed or cancelled refund does not). */
const COUNTED_REFUND = new Set(['succeeded', 'pending', 'requires_action']);

/** The store's reading of a provider dispute status: closed in the store's favour, against it, or open. */
export function disputeOutcome(providerStatus: string): OrderDisputeRow['status'] {
  if (providerStatus === 'lost') return 'lost';
  // `warning_closed` (an inquiry that never became a chargeback) and `prevented` cost the store nothing.
  if (providerStatus === 'won' || providerStatus === 'warning_closed' || providerStatus === 'prevented')
    return 'won';
  return 'open';
}

/**
 * What the store does on the payment provider's refund and dispute events (called by the checkout
 * webhook after the event id was recorded as new). The provider is asked for the current state (the
 * session of the payment, its refunds) rather than trusting one event's snapshot, so replays and events
 * out of order converge on the same result. Each change is written to the audit trail as a
 * `payment_provider` entry; an event that changes nothing writes nothing.
 */
export function createPaymentEventsHandler(deps: PaymentEventsDeps) {
  const { db, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  const evidence = createDisputeEvidence(deps);

  async function orderOfPayment(paymentId: string | null): Promise<OrderRow | undefined> {
    if (!paymentId) return undefined;
    const sessionId = await provider.findSessionOfPayment(paymentId);
    if (!sessionId) return undefined;
    const order = await ordersIn(db).findBySession(sessionId);
    return order?.paymentProvider === provider.kind ? order : undefined;
  }

  async function onRefunded(event: PaymentEvent, charge: ChargeState): Promise<void> {
    const order = await orderOfPayment(charge.paymentId);
    if (!order || !charge.paymentId) {
      log.warn(
        { eventId: event.id, chargeId: charge.chargeId },
        'refund event for an unknown payment ignored',
      );
      return;
    }
    const refunds = (await provider.listRefunds(charge.paymentId)).filter(
      (refund) => COUNTED_REFUND.has(refund.status) && refund.amountCents > 0,
    );
    let released = 0;
    await db.transaction(async (tx) => {
      const checkout = ordersIn(tx);
      const store = createPaymentEventsRepository(tx);
      const locked = await checkout.lockOrder(order.id);
      if (!locked) return;
      const refundedBefore = await store.refundedCents(order.id);
      const fresh: { refundId: string; amountCents: number }[] = [];
      for (const refund of refunds) {
        const inserted = await store.insertRefund({
          orderId: order.id,
          provider: provider.kind,
          providerRefundId: refund.refundId,
          amountCents: refund.amountCents,
          refundedAt: refund.createdAt,
        });
        if (inserted) fresh.push({ refundId: refund.refundId, amountCents: refund.amountCents });
      }
      const refundedCents = await store.refundedCents(order.id);
      const full = refundedCents >= locked.amountTotalCents;
      let revokedKeyIds: number[] = [];
      let statusAfter = locked.status;
      if (full && nextStatus(locked.status, 'refunded_in_full')) {
        // The same revocation as a fraud cancellation: sold keys are never sold again.
        revokedKeyIds = await stockIn(tx).revokeSoldKeys(order.id, now());
        released = await releaseOrderKeys(tx, order.id);
        await moveOrder(tx, locked, 'refunded_in_full');
        // The sale is undone: its invoice is cancelled by a credit note (counted in the OSS report).
        await issueCreditNote(tx, order.id, now());
        statusAfter = 'refunded';
      }
      if (fresh.length === 0 && statusAfter === locked.status) return;
      await auditTrail(tx).recordProviderEvent({
        action: full ? 'order.refund.provider' : 'order.refund.provider.partial',
        targetType: 'order',
        targetId: order.id,
        before: { status: locked.status, refundedCents: refundedBefore },
        after: {
          status: statusAfter,
          refundedCents,
          refunds: fresh,
          revokedKeyIds,
          eventId: event.id,
          provider: provider.kind,
        },
      });
    });
    if (released > 0) catalogueChanged.notify();
  }

  async function onDispute(event: PaymentEvent, dispute: DisputeState): Promise<void> {
    const order = await orderOfPayment(dispute.paymentId);
    if (!order) {
      log.warn(
        { eventId: event.id, disputeId: dispute.disputeId },
        'dispute event for an unknown payment ignored',
      );
      return;
    }
    const status = disputeOutcome(dispute.status);
    const at = now();
    await db.transaction(async (tx) => {
      const store = createPaymentEventsRepository(tx);
      const audit = auditTrail(tx);
      let existing = await store.findDispute(provider.kind, dispute.disputeId);
      const entry = (before: OrderDisputeRow['status'] | null) =>
        audit.recordProviderEvent({
          action: `order.dispute.${status === 'open' ? 'opened' : status}`,
          targetType: 'order',
          targetId: order.id,
          before: before ? { dispute: before } : null,
          after: {
            dispute: status,
            disputeId: dispute.disputeId,
            providerStatus: dispute.status,
            reason: dispute.reason,
            amountCents: dispute.amountCents,
            eventId: event.id,
            provider: provider.kind,
          },
        });
      if (!existing) {
        const inserted = await store.insertDispute({
          orderId: order.id,
          provider: provider.kind,
          providerDisputeId: dispute.disputeId,
          status,
          providerStatus: dispute.status,
          reason: dispute.reason,
          amountCents: dispute.amountCents,
          openedAt: dispute.createdAt,
          closedAt: status === 'open' ? null : at,
          evidenceDueBy: dispute.evidenceDueBy,
        });
        if (inserted) {
          await entry(null);
          return;
        }
        // Another delivery of this dispute (a `created` racing a `closed`) inserted it meanwhile: this
        // event acts on that row, now committed, instead of being lost.
        existing = await store.findDispute(provider.kind, dispute.disputeId);
        if (!existing) return;
      }
      // A closed dispute stays closed: a late `created` event (out of order) does not reopen it.
      if (existing.status !== 'open') return;
      if (status === 'open') {
        // A later event may be the first to tell the deadline.
        if (!existing.evidenceDueBy && dispute.evidenceDueBy)
          await store.updateDispute(existing.id, { evidenceDueBy: dispute.evidenceDueBy });
        return;
      }
      await store.updateDispute(existing.id, { status, providerStatus: dispute.status, closedAt: at });
      await entry(existing.status);
    });
    // The evidence goes once the dispute is recorded, outside the transaction: the provider may be slow.
    // A failure is recorded on the dispute and tried again by the `dispute-evidence` job, so the event
    // itself is acknowledged.
    const recorded = await createPaymentEventsRepository(db).disputeByProviderId(
      provider.kind,
      dispute.disputeId,
    );
    if (recorded?.status === 'open' && !recorded.evidenceSubmittedAt) await evidence.submit(recorded);
  }

  return {
    /** Acts on a refund or dispute event; any other event is left to its caller. */
    async handle(event: PaymentEvent): Promise<void> {
      if (event.type === 'charge.refunded' && event.charge) await onRefunded(event, event.charge);
      else if (event.type.startsWith('charge.dispute.') && event.dispute)
        await onDispute(event, event.dispute);
    },
  };
}

export type PaymentEventsHandler = ReturnType<typeof createPaymentEventsHandler>;
