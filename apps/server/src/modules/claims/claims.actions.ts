import { toLocale } from '@keyland/core/locales';
import { formatEuros } from '@keyland/core/money';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../admin/index.ts';
import { auditTrail } from '../audit/index.ts';
import { issuePartialCreditNote } from '../invoices/index.ts';
import { moveOrder, nextStatus, ordersIn } from '../orders/index.ts';
import { type SoldKey, stockIn } from '../stock/index.ts';
import type { ClaimsDeps } from './claims.deps.ts';
import { type ClaimMailKind, claimMail } from './claims.mail.ts';
import { type ClaimRow, createClaimsRepository } from './claims.repository.ts';

/** The idempotency key of a claim's refund at the provider: one refund per claim, however often asked. */
export const claimRefundKeyOf = (claimId: number) => `keyland-claim-refund-${claimId}`;

/** What a claim can end with: a replacement (from stock or the supplier), a refund, a rejection. */
export function createClaimActions(deps: ClaimsDeps) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const historyUrl = `${deps.publicUrl}/History`;

  async function mailCustomer(
    tx: Executor,
    claim: ClaimRow,
    kind: ClaimMailKind,
    extra: { code?: string; amount?: number; creditNote?: string | null; attach?: number } = {},
  ): Promise<void> {
    const customer = await ordersIn(tx).customer(claim.customerId);
    const line = (await ordersIn(tx).lines(claim.orderId)).find((l) => l.id === claim.orderLineId);
    if (!customer || !line) return;
    const locale = toLocale(customer.lang);
    if (extra.attach) deps.mailOutbox.attachToNextMail(tx, extra.attach);
    await deps.mailOutbox.enqueue(tx, {
      toAddress: customer.email,
      kind: `claim_${kind}`,
      ...claimMail(locale, kind, {
        claimId: claim.id,
        orderId: claim.orderId,
        name: customer.fullName,
        title: `${line.title} (${line.platform})`,
        hours: settings.claimResolutionHours,
        code: extra.code,
        amount: extra.amount === undefined ? undefined : formatEuros(extra.amount, locale),
        creditNote: extra.creditNote,
        reason: claim.rejectReason ?? undefined,
        historyUrl,
      }),
    });
  }

  /** Ends a claim with a replacement key: the claimed key becomes defective, the new one is mailed. */
  async function completeReplacement(
    tx: Executor,
    claim: ClaimRow,
    replacement: SoldKey,
    outcome: 'auto_replaced' | 'replaced' | 'supplier_replaced',
    resolvedBy: number | null,
  ): Promise<void> {
    const at = now();
    const repo = createClaimsRepository(tx);
    await stockIn(tx).markDefective(claim.keyId, at);
    await repo.resolve(claim.id, {
      status: 'replaced',
      outcome,
      replacementKeyId: replacement.keyId,
      resolvedAt: at,
      resolvedBy,
      supplierReport: (await repo.boughtFromSupplier(claim.orderLineId)) ? 'listed' : null,
    });
    await mailCustomer(tx, claim, 'replaced', { code: deps.keyVault.decrypt(replacement.codeCiphertext) });
  }

  /** The claim and its order, both locked; refuses a claim that is no longer open. */
  async function lockOpen(tx: Executor, claimId: number) {
    const claim = await createClaimsRepository(tx).lock(claimId);
    if (!claim) throw notFound('Unknown claim');
    const order = await ordersIn(tx).lockOrder(claim.orderId);
    if (claim.status !== 'open' || !order)
      throw new AppError('CLAIM_NOT_OPEN', 'This claim is already resolved');
    return { claim, order };
  }

  const requirePaid = (status: string) => {
    if (status !== 'paid') throw new AppError('CLAIM_NOT_ALLOWED', 'This order is not paid any more');
  };

  /** The order line of the claim and the share of it one key stands for (in cents). */
  async function keyShare(tx: Executor, claim: ClaimRow) {
    const line = (await ordersIn(tx).lines(claim.orderId)).find((l) => l.id === claim.orderLineId);
    if (!line) throw notFound('Unknown order line');
    // Rounded down: the keys of a line together never get back more than the line cost (a coupon share may not divide evenly).
    return { line, cents: Math.floor(line.totalCents / line.quantity) };
  }

  const audit = (
    tx: Executor,
    actor: Actor,
    claimId: number,
    action: string,
    after: Record<string, unknown>,
  ) =>
    auditTrail(tx).record(actor, {
      action: `claim.${action}`,
      targetType: 'key_claim',
      targetId: claimId,
      before: { status: 'open' },
      after,
    });

  return {
    mailCustomer,
    completeReplacement,

    /** Replaces the key from the store's stock (never oversold: the key is taken under a skip-locked lock). */
    async replaceFromStock(actor: Actor, claimId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { claim, order } = await lockOpen(tx, claimId);
        requirePaid(order.status);
        const replacement = await stockIn(tx).sellOneInto(
          claim.gameId,
          claim.orderId,
          claim.orderLineId,
          now(),
        );
        if (!replacement) throw new AppError('NO_REPLACEMENT_KEY', 'No key of this game is on sale');
        await completeReplacement(tx, claim, replacement, 'replaced', actor.adminId);
        await audit(tx, actor, claim.id, 'replace', { status: 'replaced', keyId: replacement.keyId });
      });
    },

    /** Buys a replacement from the supplier (the claim's reference: a retry buys nothing twice), then delivers it. */
    async replaceFromSupplier(actor: Actor, claimId: number): Promise<void> {
      const claim = await createClaimsRepository(db).summary(claimId);
      if (!claim) throw notFound('Unknown claim');
      if (claim.status !== 'open') throw new AppError('CLAIM_NOT_OPEN', 'This claim is already resolved');
      let code: string | undefined;
      try {
        code = await deps.supplierPurchases?.buyReplacement(claim.gameId, `keyland-claim-${claim.id}`);
      } catch (error) {
        deps.log.warn({ claimId, err: (error as Error).message }, 'supplier replacement failed');
      }
      if (!code) throw new AppError('NO_REPLACEMENT_KEY', 'The supplier has no key of this game now');
      const bought = code;
      await db.transaction(async (tx) => {
        const { claim: locked, order } = await lockOpen(tx, claimId);
        requirePaid(order.status);
        const replacement = await stockIn(tx).addSoldKey(
          {
            gameId: locked.gameId,
            orderId: locked.orderId,
            orderLineId: locked.orderLineId,
            codeCiphertext: deps.keyVault.encrypt(bought),
            codeFingerprint: deps.keyVault.fingerprint(bought),
          },
          now(),
        );
        if (!replacement)
          throw new AppError('NO_REPLACEMENT_KEY', 'The supplier sent a key the store already has');
        await completeReplacement(tx, locked, replacement, 'supplier_replaced', actor.adminId);
        await audit(tx, actor, claimId, 'supplier_replace', { status: 'replaced', keyId: replacement.keyId });
      });
    },

    /**
     * Refunds the claimed key's share of its line through the provider that took the payment (with the
     * claim's own idempotency key), then records it: the key becomes defective, a credit note for it is
     * issued and mailed; when claims have now refunded the whole order, the order becomes refunded.
     */
    async refund(actor: Actor, claimId: number): Promise<void> {
      const { claim, order, cents } = await db.transaction(async (tx) => {
        const locked = await lockOpen(tx, claimId);
        requirePaid(locked.order.status);
        return { ...locked, cents: (await keyShare(tx, locked.claim)).cents };
      });
      if (!order.paymentSessionId || order.paymentProvider !== deps.provider.kind)
        throw new AppError('REFUND_FAILED', 'The order was not paid through the current payment provider');
      let refundId: string;
      try {
        ({ refundId } = await deps.provider.refund(
          order.paymentSessionId,
          cents,
          claimRefundKeyOf(claim.id),
          'requested_by_customer',
        ));
      } catch (error) {
        deps.log.error({ claimId, err: (error as Error).message }, 'claim refund failed');
        throw new AppError('REFUND_FAILED', 'The payment provider did not refund the key');
      }
      await db.transaction(async (tx) => {
        const { claim: locked, order: current } = await lockOpen(tx, claimId);
        const { line } = await keyShare(tx, locked);
        const at = now();
        await stockIn(tx).markDefective(locked.keyId, at);
        const note = await issuePartialCreditNote(
          tx,
          locked.orderId,
          { reference: `claim:${locked.id}`, title: line.title, platform: line.platform, totalCents: cents },
          at,
        );
        const repo = createClaimsRepository(tx);
        await repo.resolve(locked.id, {
          status: 'refunded',
          outcome: 'refunded',
          refundCents: cents,
          refundId,
          creditNoteId: note?.id ?? null,
          resolvedAt: at,
          resolvedBy: actor.adminId,
          supplierReport: (await repo.boughtFromSupplier(locked.orderLineId)) ? 'listed' : null,
        });
        const refunded = await repo.refundedCents(locked.orderId);
        if (refunded >= current.amountTotalCents && nextStatus(current.status, 'refunded_in_full'))
          await moveOrder(tx, current, 'refunded_in_full');
        await mailCustomer(tx, locked, 'refunded', {
          amount: cents,
          creditNote: note?.number ?? null,
          attach: note?.id,
        });
        await audit(tx, actor, locked.id, 'refund', { status: 'refunded', refundCents: cents, refundId });
      });
    },

    /** Rejects the claim with the reason the customer reads (mailed, and shown on the order). */
    async reject(actor: Actor, claimId: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { claim } = await lockOpen(tx, claimId);
        await createClaimsRepository(tx).resolve(claim.id, {
          status: 'rejected',
          outcome: 'rejected',
          rejectReason: reason,
          resolvedAt: now(),
          resolvedBy: actor.adminId,
        });
        await mailCustomer(tx, { ...claim, rejectReason: reason }, 'rejected');
        await audit(tx, actor, claim.id, 'reject', { status: 'rejected' });
      });
    },
  };
}
