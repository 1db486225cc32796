import { TERMS_VERSION } from '@keyland/core/schemas/cart';
import type { GiftInput } from '@keyland/core/schemas/gifts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { cartLinesOf, dropLapsedCoupon, priceForCheckout } from '../cart/index.ts';
import { claimCouponUse } from '../coupons/index.ts';
import { checkedGift, recordGift } from '../gifts/index.ts';
import type { InvoicesService } from '../invoices/index.ts';
import { closedStatuses, type KeyDeliveryDeps, ordersIn } from '../orders/index.ts';
import {
  type CheckoutSessionState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from '../payments/index.ts';
import { preorderReleaseOf } from '../preorders/index.ts';
import type { RiskService } from '../risk/index.ts';
import { stockIn } from '../stock/index.ts';
import type { SupplierPurchases } from '../supplier/index.ts';
import { createDelayedPayments } from './checkout.delayed.ts';
import { createFulfilment, type Fulfilment } from './checkout.fulfilment.ts';
import { createReconciliation } from './checkout.reconcile.ts';
import { createCheckoutRepository } from './checkout.repository.ts';
import { sessionLine } from './checkout.session-line.ts';

/** The provider's session lives 30 minutes (its minimum); keys stay reserved a little longer. */
export const SESSION_TTL_MS = 30 * 60_000;
export const RESERVATION_GRACE_MS = 5 * 60_000;

export interface CheckoutCustomer {
  customerId: number;
  countryId: number | null;
  email: string;
}

export interface DeliveredKey {
  title: string;
  code: string;
  platform: string;
}

export interface CheckoutDeps extends KeyDeliveryDeps {
  db: Database;
  provider: PaymentProvider;
  /** Acts on the provider's refund and dispute events (the back office's handler). */
  onProviderEvent?: (event: PaymentEvent) => Promise<void>;
  /** Buys keys the store lacks from the key supplier; without it a shortfall fails as before. */
  supplierPurchases?: SupplierPurchases;
  /** Writes the invoice of a paid order in its fulfilment transaction. */
  invoices?: Pick<InvoicesService, 'issueForOrder' | 'beforePaymentMoment'>;
  /** Asked to number the invoice soon, once its payment has committed. */
  invoiceNumbering?: { kick(): void };
  /** Scores checkouts and payments (modules/risk); without it every order is low risk. */
  risk?: RiskService;
  /** A held order is reviewed within this many hours (told to the customer). */
  reviewHours?: number;
  /** Days the keys of an order paid with a delayed method stay reserved while it settles (default 14). */
  processingHoldDays?: number;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = ordersIn(db);
  const events = createCheckoutRepository(db);

  const { fulfil, release, closeUnpaid, approveHeld } = createFulfilment(deps);
  const { markProcessing, failDelayed } = createDelayedPayments(deps);

  async function cancelOpenCheckouts(customerId: number): Promise<void> {
    for (const order of await repository.openOrdersOf(customerId))
      await closeUnpaid(order, 'checkout_abandoned');
  }

  return {
    /** Delivers an order a person approved after its review (modules/admin/orders/review). */
    approveHeld,
    /** Within how many hours a held order is reviewed (told to the customer). */
    reviewHours: deps.reviewHours ?? 24,
    /** How many days a delayed payment's keys stay reserved while it settles (told to the customer). */
    processingHoldDays: deps.processingHoldDays ?? 14,

    fulfil,
    cancelOpenCheckouts,
    ...createReconciliation(deps, { fulfil, closeUnpaid }),

    /**
     * Prices the cart, reserves one key per unit and records the consent (and the gift, when the order is
     * one) in one transaction, then asks the provider for a hosted checkout page. Nothing is charged when
     * a line is short.
     */
    async startCheckout(
      customer: CheckoutCustomer,
      consent: { text: string; timestamp: string } | undefined,
      meta: { ip: string; userAgent?: string | undefined },
      giftInput?: GiftInput,
    ): Promise<{ url: string; orderId: number }> {
      if (!consent?.text.trim() || !consent.timestamp.trim()) {
        throw new AppError('CONSENT_REQUIRED', 'Consent to immediate delivery is required', {
          field: 'consent',
        });
      }
      // Checked before anything is closed or written (decision 039).
      const gift = giftInput && checkedGift(giftInput, now());
      await cancelOpenCheckouts(customer.customerId);
      const draftLines = await cartLinesOf(db, customer.customerId);
      if (draftLines.length === 0) throw new AppError('CART_EMPTY', 'The cart is empty');
      for (const line of draftLines) {
        if (line.hidden || line.priceCents <= 0)
          throw new AppError('OUT_OF_STOCK', 'Not for sale', { values: { title: line.title } });
      }
      const at = now();
      // A pre-order is paid on its own (decision 038); its line reserves no key.
      const preorder = draftLines.find((line) => preorderReleaseOf(line, at) !== null);
      if (preorder && draftLines.length > 1)
        throw new AppError('PREORDER_ALONE', 'A pre-order is bought on its own', {
          values: { title: preorder.title },
        });
      const price = (executor: Executor) =>
        priceForCheckout(executor, customer.customerId, draftLines, customer.countryId, at).catch((error) =>
          dropLapsedCoupon(db, customer.customerId, error),
        );
      const { priced: quoted } = await price(db);
      const reservedUntil = new Date(at.getTime() + SESSION_TTL_MS + RESERVATION_GRACE_MS);
      // Velocity caps (429) and a high score (refused) stop the checkout before anything is reserved.
      const screening = await deps.risk?.screenCheckout({
        customerId: customer.customerId,
        ip: meta.ip,
        basketCents: quoted.totalCents,
        gameIds: quoted.lines.map((l) => l.line.id),
        giftRecipient: gift?.recipientEmail,
      });
      const { order, priced } = await db
        .transaction(async (tx) => {
          const repo = ordersIn(tx);
          const { priced, coupon } = await price(tx);
          const created = await repo.insertOrder({
            customerId: customer.customerId,
            status: 'pending_payment',
            countryId: customer.countryId,
            vatBasisPoints: priced.vatBasisPoints,
            amountUntaxedCents: priced.untaxedCents,
            amountTaxCents: priced.taxCents,
            amountTotalCents: priced.totalCents,
            paymentProvider: provider.kind,
            checkoutAttempt: 1,
            reservedUntil,
            couponCodeId: coupon?.codeId ?? null,
          });
          for (const line of priced.lines) {
            const preorderRelease = preorderReleaseOf(line.line, at);
            const lineId = await repo.insertLine({
              orderId: created.id,
              gameId: line.line.id,
              title: line.line.title,
              quantity: line.quantity,
              unitPriceCents: line.unitCents,
              listPriceCents: line.line.salePromotionId === null ? null : line.line.listPriceCents,
              promotionId: line.line.salePromotionId,
              couponDiscountCents: line.couponCents,
              netCents: line.netCents,
              taxCents: line.taxCents,
              totalCents: line.totalCents,
              regionConfirmedAt: line.line.regionConfirmedAt,
              regionConfirmedCountry: line.line.regionConfirmedCountry,
              preorderRelease,
            });
            if (preorderRelease !== null) continue;
            const got = await stockIn(tx).reserveKeys(
              line.line.id,
              line.quantity,
              created.id,
              lineId,
              reservedUntil,
            );
            // What the store lacks, the key supplier may sell: bought at fulfilment (a gift's keys come
            // from the store's own stock: they wait reserved until the recipient opens it).
            const fromSupplier =
              got < line.quantity && !gift ? await deps.supplierPurchases?.listed(tx, line.line.id) : 0;
            if (got + (fromSupplier ?? 0) < line.quantity) {
              throw new AppError('OUT_OF_STOCK', 'Not enough keys', { values: { title: line.line.title } });
            }
          }
          await repo.insertConsent({
            orderId: created.id,
            customerId: customer.customerId,
            text: consent.text.trim(),
            clientTimestamp: consent.timestamp.trim(),
            termsVersion: TERMS_VERSION,
            ip: meta.ip,
            userAgent: meta.userAgent?.slice(0, 300),
          });
          if (gift) await recordGift(tx, created.id, gift);
          if (screening) await deps.risk?.recordCheckout(tx, created.id, customer.customerId, screening);
          // Last, so the coupon's row stays locked only for the instant before the commit.
          if (coupon) await claimCouponUse(tx, coupon, customer.customerId, created.id);
          return { order: created, priced };
        })
        .catch((error) => dropLapsedCoupon(db, customer.customerId, error));
      catalogueChanged.notify();

      let session: { sessionId: string; url: string };
      try {
        session = await provider.createCheckoutSession({
          orderId: order.id,
          customerEmail: customer.email,
          lines: priced.lines.map(sessionLine),
          totalCents: priced.totalCents,
          successUrl: `${deps.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.publicUrl}/checkout/cancel`,
          expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
          idempotencyKey: `keyland-order-${order.id}`,
          requestThreeDSecure: screening?.threeDSecure ?? false,
        });
      } catch (error) {
        deps.log.error({ orderId: order.id, err: (error as Error).message }, 'payment session not created');
        await release(order.id, 'checkout_abandoned');
        throw new AppError('PAYMENT_UNAVAILABLE', 'The payment service did not answer');
      }
      await repository.updateOrder(order.id, { paymentSessionId: session.sessionId });
      return { url: session.url, orderId: order.id };
    },

    /** The success page: the session must belong to the caller and be paid; answers its keys. */
    async completeFromSuccessPage(
      customerId: number,
      sessionId: string,
    ): Promise<Awaited<ReturnType<Fulfilment['fulfil']>> & { processing?: boolean }> {
      if (!sessionId.trim())
        throw new AppError('SESSION_ID_MISSING', 'Session id missing', { field: 'sessionId' });
      // Our own record first: an unknown or someone else's session never reaches the provider.
      const order = await repository.findBySession(sessionId);
      if (!order || order.customerId !== customerId)
        throw new AppError('NOT_FOUND', 'Unknown payment session');
      let session: CheckoutSessionState;
      try {
        session = await provider.retrieveSession(sessionId);
      } catch (error) {
        if (error instanceof PaymentProviderError) throw new AppError('PAYMENT_UNAVAILABLE', error.message);
        throw error;
      }
      if (session.orderId !== order.id) throw new AppError('NOT_FOUND', 'Unknown payment session');
      // A delayed method: the payment settles later; the keys come by e-mail and in history then.
      if (session.status === 'complete' && session.paymentStatus === 'unpaid') {
        // The payment failed already (its order is cancelled): the success page says so.
        const { status } = await markProcessing(session);
        if (closedStatuses.includes(status))
          throw new AppError('ORDER_CANCELLED', `Order ${order.id} is ${status}`);
        return { orderId: order.id, keys: [], processing: true };
      }
      if (session.paymentStatus !== 'paid')
        throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment not completed');
      return fulfil(session, order);
    },

    /** A provider event: verified, processed once per event id. */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
      const event = provider.parseWebhook(rawBody, signature);
      if (!(await events.recordEvent(provider.kind, event.id, event.rawType))) return { duplicate: true };
      try {
        if (event.type === 'checkout.session.completed' && event.session?.paymentStatus === 'paid') {
          await fulfil(event.session);
        } else if (event.type === 'checkout.session.completed' && event.session?.status === 'complete') {
          // Completed but unpaid: a delayed method; `async_payment_succeeded` or `_failed` follows.
          await markProcessing(event.session);
        } else if (event.type === 'checkout.session.async_payment_failed' && event.session) {
          await failDelayed(event.session);
        } else if (event.type === 'checkout.session.expired' && event.session?.orderId != null) {
          const order = await repository.findOrder(event.session.orderId);
          // Only an open session expires; an order whose payment is settling keeps its keys.
          if (order?.paymentSessionId === event.session.sessionId && order.status === 'pending_payment')
            await release(order.id, 'reservation_lapsed');
        } else if (event.type === 'payment.failed' && event.failure) {
          const order = await repository.findOrder(event.failure.orderId);
          if (order && order.paymentProvider === provider.kind && deps.risk)
            await deps.risk.recordFailure(db, { ...event.failure, customerId: order.customerId });
        } else if (event.type !== 'other') {
          await deps.onProviderEvent?.(event);
        }
      } catch (error) {
        // A closed order's answer is final: the event is acknowledged, never delivered again.
        if (error instanceof AppError && error.code === 'ORDER_CANCELLED') return { duplicate: false };
        await events.forgetEvent(event.id);
        throw error;
      }
      return { duplicate: false };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
