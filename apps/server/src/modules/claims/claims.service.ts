import { centsToEuros } from '@keyland/core/money';
import {
  type AdminClaim,
  type CreateKeyClaim,
  type KeyClaim,
  type ResolveClaim,
  SCREENSHOT_MAX_BYTES,
} from '@keyland/core/schemas/support';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { imageTypes, sniffImageType } from '../../lib/image-type.ts';
import type { RateRule } from '../accounts/index.ts';
import type { Actor } from '../admin/index.ts';
import { keyAccessLogOf, ordersIn, purchaseRecordOf } from '../orders/index.ts';
import { stockIn } from '../stock/index.ts';
import { createClaimActions } from './claims.actions.ts';
import type { ClaimsDeps } from './claims.deps.ts';
import { type ClaimRow, type ClaimSummary, createClaimsRepository } from './claims.repository.ts';

/** Claims one account may open per day: enough for a bad batch, not for a script. */
export const CLAIMS_PER_ACCOUNT: RateRule = { name: 'claims:account', limit: 5, windowMs: 24 * 3600_000 };
/** The customer's claim history that decides an automatic replacement looks this far back. */
const HISTORY_DAYS = 90;
const DAY_MS = 24 * 3600_000;

/** A screenshot sent as a `data:` URL: its bytes and the type read from them, or a clear refusal. */
function decodeScreenshot(dataUrl: string | undefined): { bytes: Buffer; type: string } | undefined {
  if (!dataUrl) return undefined;
  const match = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match?.[1]) throw new AppError('SCREENSHOT_TYPE_NOT_ALLOWED', 'Attach a PNG, JPEG or WebP image');
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > SCREENSHOT_MAX_BYTES)
    throw new AppError('SCREENSHOT_TOO_LARGE', 'The image is too large', {
      values: { maxMegabytes: String(SCREENSHOT_MAX_BYTES / 1024 / 1024) },
    });
  const extension = sniffImageType(bytes);
  if (!extension) throw new AppError('SCREENSHOT_TYPE_NOT_ALLOWED', 'Attach a PNG, JPEG or WebP image');
  return { bytes, type: imageTypes[extension] };
}

/** The customer's view of a claim. */
export function claimView(claim: ClaimSummary): KeyClaim {
  return {
    id: claim.id,
    orderId: claim.orderId,
    keyId: claim.keyId,
    title: claim.title,
    platform: claim.platform,
    reason: claim.reason,
    note: claim.note,
    status: claim.status,
    outcome: claim.outcome,
    rejectReason: claim.rejectReason,
    refunded: claim.refundCents === null ? null : centsToEuros(claim.refundCents),
    createdAt: claim.createdAt.toISOString(),
    resolvedAt: claim.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * Key claims ("this key does not work"): the customer reports a delivered key; the store replaces it at
 * once when the evidence allows and a key is on sale, else an admin replaces it (from stock or the
 * supplier), refunds it to the original payment method or rejects the claim with a written reason.
 */
export function createClaimsService(deps: ClaimsDeps) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createClaimsRepository(db);
  const actions = createClaimActions(deps);
  const historySince = () => new Date(now().getTime() - HISTORY_DAYS * DAY_MS);

  /** Whether a person need not look: a recent delivery, a clean claim history, an order in good standing. */
  async function evidenceAllows(tx: Executor, claim: ClaimRow, soldAt: Date | null): Promise<boolean> {
    if (!soldAt || now().getTime() - soldAt.getTime() > settings.claimAutoReplaceDays * DAY_MS) return false;
    const repo = createClaimsRepository(tx);
    if (await repo.hasOpenDispute(claim.orderId)) return false;
    const before = await repo.recordOf(claim.customerId, historySince(), claim.id);
    if (before.claims >= settings.claimCleanMaxClaims) return false;
    const { paidOrders } = await purchaseRecordOf(tx, claim.customerId);
    return paidOrders > 0 && before.orders / paidOrders <= settings.claimCleanMaxShare;
  }

  /**
   * The queue's claims (or the one claim `id`) with their evidence. What several claims share — a buyer's
   * record, a game's supplier listing, an order's access log — is read once per listing.
   */
  async function queueItems(status: 'open' | 'closed' | 'all', id?: number): Promise<AdminClaim[]> {
    const at = now();
    const deadlineMs = settings.claimResolutionHours * 3600_000;
    const once = <K, V>(cache: Map<K, Promise<V>>, key: K, read: () => Promise<V>) => {
      const known = cache.get(key);
      if (known) return known;
      const reading = read();
      cache.set(key, reading);
      return reading;
    };
    const accessOf = new Map<number, ReturnType<typeof keyAccessLogOf>>();
    const sellsOf = new Map<number, Promise<boolean>>();
    const buyerOf = new Map<number, Promise<{ paidOrders: number; recentClaims: number }>>();
    const items: AdminClaim[] = [];
    for (const claim of await repository.queue(status, id)) {
      const resolveBy = new Date(claim.createdAt.getTime() + deadlineMs);
      const access = await once(accessOf, claim.orderId, () => keyAccessLogOf(db, claim.orderId));
      const buyer = await once(buyerOf, claim.customerId, async () => ({
        paidOrders: (await purchaseRecordOf(db, claim.customerId)).paidOrders,
        recentClaims: (await repository.recordOf(claim.customerId, historySince())).claims,
      }));
      items.push({
        ...claimView(claim),
        orderStatus: claim.orderStatus,
        deliveredAt: claim.deliveredAt?.toISOString() ?? null,
        hasScreenshot: claim.hasScreenshot,
        supplierGame: await once(
          sellsOf,
          claim.gameId,
          async () => (await deps.supplierPurchases?.sells(db, claim.gameId)) ?? false,
        ),
        available: claim.available,
        overdue: claim.status === 'open' && resolveBy < at,
        resolveBy: resolveBy.toISOString(),
        refundAmount: centsToEuros(Math.round(claim.lineTotalCents / claim.lineQuantity)),
        supplierReport: claim.supplierReport,
        customer: { id: claim.customerId, email: claim.email, fullName: claim.fullName, ...buyer },
        keyAccess: access
          .filter((a) => a.keyId === claim.keyId)
          .map((a) => ({ action: a.action, at: a.at.toISOString(), ip: a.ip })),
      });
    }
    return items;
  }

  return {
    /**
     * Opens a claim on a key of one of the caller's delivered orders, and replaces the key at once when
     * the evidence allows it and one is on sale (in the same transaction: the key is taken once, the claimed
     * one is never sold again); otherwise the claim waits in the admins' queue and the customer is told so.
     */
    async create(customerId: number, input: CreateKeyClaim): Promise<KeyClaim> {
      const screenshot = decodeScreenshot(input.screenshot);
      const limited = await deps.limiter?.hit(CLAIMS_PER_ACCOUNT, String(customerId));
      if (limited?.limited)
        throw new AppError('RATE_LIMITED', 'Too many reports today, try again later', {
          headers: { 'retry-after': String(limited.retryAfterSec) },
        });
      const outcome = await db.transaction(async (tx) => {
        const repo = createClaimsRepository(tx);
        const key = await repo.soldKey(input.keyId);
        if (!key || key.customerId !== customerId) throw notFound('Unknown key');
        // The order's lock orders this claim with cancellations, refunds and other claims on the order.
        const order = await ordersIn(tx).lockOrder(key.orderId);
        if (order?.status !== 'paid')
          throw new AppError('CLAIM_NOT_ALLOWED', 'This order cannot take a claim');
        if (await repo.openClaimOf(key.keyId))
          throw new AppError('CLAIM_ALREADY_OPEN', 'This key already has an open claim');
        const claim = await repo.insert({
          orderId: key.orderId,
          orderLineId: key.orderLineId,
          keyId: key.keyId,
          gameId: key.gameId,
          customerId,
          reason: input.reason,
          note: input.note || null,
          screenshot: screenshot?.bytes ?? null,
          screenshotType: screenshot?.type ?? null,
          createdAt: now(),
        });
        if (await evidenceAllows(tx, claim, key.soldAt)) {
          const replacement = await stockIn(tx).sellOneInto(key.gameId, key.orderId, key.orderLineId, now());
          if (replacement) {
            await actions.completeReplacement(tx, claim, replacement, 'auto_replaced', null);
            return { id: claim.id, replaced: true };
          }
        }
        await actions.mailCustomer(tx, claim, 'received');
        return { id: claim.id, replaced: false };
      });
      deps.mailDispatcher.kick();
      if (outcome.replaced) catalogueChanged.notify();
      const summary = await repository.summary(outcome.id);
      if (!summary) throw notFound('Unknown claim');
      return claimView(summary);
    },

    async listMine(customerId: number): Promise<KeyClaim[]> {
      return (await repository.ofCustomer(customerId)).map(claimView);
    },

    /** The claims of some orders, by order (the history shows each order's claims). */
    async ofOrders(orderIds: number[]): Promise<Map<number, KeyClaim[]>> {
      const byOrder = new Map<number, KeyClaim[]>();
      for (const claim of await repository.ofOrders(orderIds))
        byOrder.set(claim.orderId, [...(byOrder.get(claim.orderId) ?? []), claimView(claim)]);
      return byOrder;
    },

    /** The admins' queue, with what a decision needs: the buyer's record, the key's reveals, the stock. */
    async list(status: 'open' | 'closed' | 'all'): Promise<{ items: AdminClaim[]; overdue: number }> {
      return { items: await queueItems(status), overdue: await this.overdueCount() };
    },

    openCount: () => repository.openCount(),

    /** Open claims nobody resolved within CLAIM_RESOLUTION_HOURS (flagged on the dashboard). */
    async overdueCount(): Promise<number> {
      return repository.overdueCount(new Date(now().getTime() - settings.claimResolutionHours * 3600_000));
    },

    async screenshot(claimId: number) {
      const shot = await repository.screenshot(claimId);
      if (!shot) throw notFound('No screenshot');
      return shot;
    },

    async resolve(actor: Actor, claimId: number, action: ResolveClaim): Promise<AdminClaim> {
      if (action.action === 'refund') await actions.refund(actor, claimId);
      else if (action.action === 'supplier_replace') await actions.replaceFromSupplier(actor, claimId);
      else if (action.action === 'replace') await actions.replaceFromStock(actor, claimId);
      else await actions.reject(actor, claimId, action.reason);
      deps.mailDispatcher.kick();
      catalogueChanged.notify();
      const [view] = await queueItems('all', claimId);
      if (!view) throw notFound('Unknown claim');
      return view;
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
