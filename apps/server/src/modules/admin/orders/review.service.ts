import { centsToEuros } from '@keyland/core/money';
import type { ApproveHeldResult, Disputes, HeldOrders, OrderRisk } from '@keyland/core/schemas/review';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbHandle } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { auditTrail } from '../../audit/index.ts';
import type { MailDispatcher, MailOutbox } from '../../mail/index.ts';
import {
  enqueueReviewCancelledMail,
  heldStatuses,
  moveOrder,
  ordersIn,
  purchaseRecordsOf,
} from '../../orders/index.ts';
import type { PaymentProvider } from '../../payments/index.ts';
import { releaseOrderKeys } from '../../preorders/index.ts';
import type { RiskService } from '../../risk/index.ts';
import type { Actor } from '../index.ts';
import { createDisputeEvidence } from './dispute-evidence.service.ts';
import { createAdminOrdersRepository } from './orders.repository.ts';
import { disputeView, refundInFull } from './orders.service.ts';
import { createReviewRepository } from './review.repository.ts';

const HOUR_MS = 60 * 60_000;
const LIST_LIMIT = 200;

export interface ReviewDeps {
  db: Database;
  /** The database's named lock (one holder on every instance): one decision per order at a time. */
  withLock: DbHandle['withLock'];
  provider: PaymentProvider;
  risk: Pick<RiskService, 'assessmentsOf' | 'latestAssessmentsOf'>;
  /** The checkout's delivery of an approved order (keys sold, invoice, keys mail). */
  approveHeld: (orderId: number) => Promise<{ keys: unknown[] }>;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A held order not reviewed within this many hours of its payment is cancelled and refunded. */
  deadlineHours: number;
  now?: () => Date;
}

/** Who decided: an admin, or the deadline job when nobody did in time. */
type Decider = Actor | 'deadline';

/**
 * The review queue: orders paid but held because their risk score was not low. A person approves one
 * (delivered at once, keys mailed) or cancels it (refunded through the provider with the order's refund key,
 * reserved keys back on sale, the customer told); one left unreviewed past the deadline is cancelled the same
 * way, never delivered. Every decision is audited.
 */
export function createReviewService(deps: ReviewDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createReviewRepository(db);
  const deadlineMs = deps.deadlineHours * HOUR_MS;
  const disputeEvidence = createDisputeEvidence(deps);

  /**
   * One decision at a time per order, on every instance: an approval and a cancellation at the same moment
   * never both happen (the second is refused with 409 while the first runs, then finds the order decided).
   */
  async function deciding<T>(orderId: number, work: () => Promise<T>): Promise<T> {
    const result = await deps.withLock(`order-review-${orderId}`, work);
    if (!result.ran) throw new AppError('CONFLICT', `A decision on order ${orderId} is being made`);
    return result.value as T;
  }

  /**
   * Cancels a held order: the refund first (a failed refund changes nothing; a retry reuses the order's
   * refund key, so nothing is refunded twice), then keys released and the order closed in one transaction.
   * Runs under the order's decision lock, so no approval can deliver the order between the two.
   */
  async function cancel(decider: Decider, orderId: number, reason: string) {
    const order = await ordersIn(db).findOrder(orderId);
    if (!order) throw notFound('Unknown order');
    if (!heldStatuses.includes(order.status))
      throw new AppError('ORDER_NOT_HELD', `Order ${orderId} is ${order.status}`);
    const refundId = await refundInFull(deps, order);
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const locked = await ordersIn(tx).lockOrder(orderId);
      if (!locked || !heldStatuses.includes(locked.status))
        throw new AppError('ORDER_NOT_HELD', `Order ${orderId} is ${locked?.status ?? 'gone'}`);
      const keys = await releaseOrderKeys(tx, orderId);
      await moveOrder(tx, locked, 'review_cancelled');
      if (decider !== 'deadline')
        await createAdminOrdersRepository(tx).insertCancellation({
          orderId,
          adminId: decider.adminId,
          reason,
          refundId,
          refundedCents: locked.amountTotalCents,
          keysRevoked: 0,
          keysAlreadyDelivered: 0,
          at,
        });
      await enqueueReviewCancelledMail(tx, deps, locked);
      const entry = {
        action: 'order.review.cancel',
        targetType: 'order' as const,
        targetId: orderId,
        before: { status: locked.status },
        after: { status: 'cancelled', reason, refundId, keysReleased: keys },
      };
      if (decider === 'deadline') await auditTrail(tx).recordSystem(entry);
      else await auditTrail(tx).record(decider, entry);
      return { keys, refundId, cents: locked.amountTotalCents };
    });
    deps.mailDispatcher.kick();
    if (outcome.keys > 0) catalogueChanged.notify();
    return {
      orderId,
      status: 'cancelled' as const,
      refundId: outcome.refundId,
      refunded: centsToEuros(outcome.cents),
      keysRevoked: 0,
      keysAlreadyDelivered: 0,
      mailQueued: true,
    };
  }

  /** Approves a held order: delivered as its payment would have delivered it; audited. */
  async function approve(actor: Actor, orderId: number): Promise<ApproveHeldResult> {
    const before = await ordersIn(db).findOrder(orderId);
    if (!before) throw notFound('Unknown order');
    const { keys } = await deps.approveHeld(orderId);
    const after = await ordersIn(db).findOrder(orderId);
    const status = after?.status === 'awaiting_keys' ? 'awaiting_keys' : 'paid';
    await auditTrail(db).record(actor, {
      action: 'order.review.approve',
      targetType: 'order',
      targetId: orderId,
      before: { status: before.status },
      after: { status, keysDelivered: keys.length },
    });
    return { orderId, status, keysDelivered: keys.length };
  }

  return {
    async listHeld(): Promise<HeldOrders> {
      const rows = await repository.heldOrders(LIST_LIMIT);
      const items = [];
      // The lines, latest assessments and buyers' records of the whole queue, one query each.
      const orderIds = rows.map((row) => row.order.id);
      const [linesOf, assessments, records] = await Promise.all([
        ordersIn(db).linesOfOrders(orderIds),
        deps.risk.latestAssessmentsOf(orderIds),
        purchaseRecordsOf(
          db,
          rows.map((row) => row.customer.id),
        ),
      ]);
      for (const { order, customer } of rows) {
        const paidAt = order.paidAt ?? order.createdAt;
        const latest = assessments.get(order.id);
        const lines = linesOf.get(order.id) ?? [];
        const record = records.get(customer.id) ?? { paidOrders: 0 };
        items.push({
          id: order.id,
          total: centsToEuros(order.amountTotalCents),
          paidAt: paidAt.toISOString(),
          reviewBy: new Date(paidAt.getTime() + deadlineMs).toISOString(),
          customer: {
            ...customer,
            createdAt: customer.createdAt.toISOString(),
            paidOrders: record.paidOrders,
          },
          lines: lines.map((l) => ({ title: l.title, platform: l.platform, quantity: l.quantity })),
          score: latest?.score ?? 0,
          tier: latest?.tier ?? 'low',
          reasons: (latest?.reasons ?? []) as HeldOrders['items'][number]['reasons'],
        });
      }
      return { items };
    },

    async risk(orderId: number): Promise<OrderRisk> {
      if (!(await ordersIn(db).findOrder(orderId))) throw notFound('Unknown order');
      const rows = await deps.risk.assessmentsOf(orderId);
      return {
        orderId,
        assessments: rows.map((row) => ({
          stage: row.stage,
          score: row.score,
          tier: row.tier,
          reasons: row.reasons as OrderRisk['assessments'][number]['reasons'],
          signals: row.signals as OrderRisk['assessments'][number]['signals'],
          threeDSecureRequested: row.threeDSecureRequested,
          assessedAt: row.assessedAt.toISOString(),
        })),
      };
    },

    approve: (actor: Actor, orderId: number) => deciding(orderId, () => approve(actor, orderId)),

    cancel: (actor: Actor, orderId: number, reason: string) =>
      deciding(orderId, () => cancel(actor, orderId, reason)),

    /** Cancels and refunds every held order past its deadline; answers how many. */
    async cancelOverdue(limit = 50): Promise<number> {
      const overdue = await repository.overdueHeldOrders(new Date(now().getTime() - deadlineMs), limit);
      let cancelled = 0;
      for (const { id } of overdue) {
        try {
          await deciding(id, () => cancel('deadline', id, `Not reviewed within ${deps.deadlineHours} hours`));
          cancelled += 1;
        } catch (error) {
          deps.log.error({ orderId: id, err: (error as Error).message }, 'overdue held order not cancelled');
        }
      }
      return cancelled;
    },

    async disputes(): Promise<Disputes> {
      const rows = await repository.disputes(LIST_LIMIT);
      return {
        items: rows.map(({ dispute, email }) => ({
          orderId: dispute.orderId,
          ...disputeView(dispute),
          customerEmail: email,
        })),
      };
    },

    /**
     * Sends the evidence of open disputes whose submission failed or never ran, while their deadline has
     * not passed (the `dispute-evidence` job); answers how many were sent.
     */
    submitDisputeEvidence: () => disputeEvidence.submitPending(),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
