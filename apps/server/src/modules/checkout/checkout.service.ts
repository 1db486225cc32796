import { centsToEuros } from '@keyland/core/money';
import { type CompletedOrder, TERMS_VERSION } from '@keyland/core/schemas/cart';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import { priceCart } from '../cart/cart.pricing.ts';
import { createCartRepository } from '../cart/cart.repository.ts';
import { createInvoicesRepository } from '../invoices/invoices.repository.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import { deliveredStatuses, moveOrder, nextStatus, refundKeyOf } from '../orders/order-state.ts';
import {
  type CheckoutSessionState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from '../payments/payment.port.ts';
import type { SupplierPurchases } from '../supplier/supplier-purchases.service.ts';
import {
  type CheckoutRepository,
  createCheckoutRepository,
  type OrderLineRow,
  type OrderRow,
  type SoldKey,
} from './checkout.repository.ts';
import { enqueueOrderKeysMail } from './order-keys-mail.ts';
import { createReconcileRepository } from './reconcile.repository.ts';

/** The provider's session lives 30 minutes (its minimum); keys stay reserved a little longer. */
export const SESSION_TTL_MS = 30 * 60_000;
export const RESERVATION_GRACE_MS = 5 * 60_000;
/** How long fulfilment waits for keys bought from the supplier before answering without them. */
export const SUPPLIER_WAIT_MS = 8_000;

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

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  keyVault: KeyVault;
  mailRepository: MailRepository;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Acts on the provider's refund and dispute events (the back office's handler). */
  onProviderEvent?: (event: PaymentEvent) => Promise<void>;
  /** Buys keys the store lacks from the key supplier; without it a shortfall fails as before. */
  supplierPurchases?: SupplierPurchases;
  /** Issues the invoice of a paid order in its fulfilment transaction. */
  invoices?: Pick<InvoicesService, 'issueForOrder'>;
}

/** What /History shows beyond the keys: status, invoice, undelivered lines and the withdrawal right. */
function documentsOf(
  order: OrderRow,
  invoiceId: number | null,
  lines: OrderLineRow[],
  keys: Map<number, string[]>,
) {
  const pending = lines
    .map((line) => ({ line, missing: line.quantity - (keys.get(line.id)?.length ?? 0) }))
    .filter(({ missing }) => missing > 0)
    .map(({ line, missing }) => ({ title: line.title, platform: line.platform, quantity: missing }));
  const delivered = [...keys.values()].some((codes) => codes.length > 0);
  return {
    status: order.status === 'awaiting_keys' ? ('awaiting_keys' as const) : ('paid' as const),
    invoice_id: invoiceId,
    pending_items: pending,
    withdrawable: order.status === 'awaiting_keys' && !delivered,
  };
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, provider, keyVault } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createCheckoutRepository(db);

  /** The codes of sold keys by order line, decrypted. */
  function decryptByLine(lines: OrderLineRow[], sold: SoldKey[]): Map<number, string[]> {
    const byLine = new Map<number, string[]>(lines.map((l) => [l.id, []]));
    for (const key of sold) byLine.get(key.orderLineId)?.push(keyVault.decrypt(key.codeCiphertext));
    return byLine;
  }

  async function keysOf(
    repo: CheckoutRepository,
    orderId: number,
    lines: OrderLineRow[],
  ): Promise<Map<number, string[]>> {
    return decryptByLine(lines, await repo.soldKeys(orderId));
  }

  function flatten(lines: OrderLineRow[], keys: Map<number, string[]>): DeliveredKey[] {
    return lines.flatMap((line) =>
      (keys.get(line.id) ?? []).map((code) => ({ title: line.title, code, platform: line.platform })),
    );
  }

  /** Puts an unpaid order's reserved keys back on sale and closes it. */
  async function release(orderId: number, event: 'reservation_lapsed' | 'checkout_abandoned'): Promise<void> {
    await db.transaction(async (tx) => {
      const repo = createCheckoutRepository(tx);
      const order = await repo.lockOrder(orderId);
      if (!order || !nextStatus(order.status, event)) return;
      await repo.releaseKeys(orderId);
      await moveOrder(tx, order, event, { reservedUntil: null });
    });
    catalogueChanged.notify();
  }

  /**
   * A payment arrived for an order that is closed for good (cancelled, refunded or withdrawn). Nothing is
   * delivered; a payment the order never counted (a checkout cancelled before its session was paid) is
   * given back with the order's refund key, so a replay refunds nothing twice.
   */
  async function refuseClosed(order: OrderRow, session: CheckoutSessionState): Promise<never> {
    deps.log.warn(
      { orderId: order.id, status: order.status },
      'payment for a closed order: nothing delivered',
    );
    if (order.paidAt === null && order.paymentSessionId) {
      try {
        const { refundId } = await provider.refund(
          order.paymentSessionId,
          session.amountTotalCents ?? order.amountTotalCents,
          refundKeyOf(order.id),
          'requested_by_customer',
        );
        deps.log.warn({ orderId: order.id, refundId }, 'payment for a closed order refunded');
      } catch (error) {
        deps.log.error(
          { orderId: order.id, err: (error as Error).message },
          'payment for a closed order not refunded yet',
        );
        throw new AppError('PAYMENT_UNAVAILABLE', 'The payment service did not answer');
      }
    }
    throw new AppError('ORDER_CANCELLED', `Order ${order.id} is ${order.status}`);
  }

  /**
   * Turns a paid session into delivered keys, once. Webhook and success page may both call it, in any
   * order or at the same time: the order row is locked, and a paid order answers its existing keys.
   */
  async function fulfil(session: CheckoutSessionState): Promise<{ orderId: number; keys: DeliveredKey[] }> {
    if (session.paymentStatus !== 'paid' || session.orderId === null) {
      throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment not completed');
    }
    const orderId = session.orderId;
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const repo = createCheckoutRepository(tx);
      const order = await repo.lockOrder(orderId);
      if (!order || order.paymentSessionId !== session.sessionId)
        throw new AppError('NOT_FOUND', 'Unknown order');
      // The order decides whether it may still be fulfilled, whatever the provider says of its session.
      if (!nextStatus(order.status, 'payment_confirmed') && !deliveredStatuses.includes(order.status))
        return { closed: order };
      const lines = await repo.lines(order.id);
      if (order.status === 'paid') return { fresh: false, lines, keys: await keysOf(repo, order.id, lines) };
      if (order.status === 'awaiting_keys')
        return { fresh: false, awaiting: true, lines, keys: await keysOf(repo, order.id, lines) };
      if (session.amountTotalCents !== null && session.amountTotalCents !== order.amountTotalCents) {
        deps.log.error(
          { orderId, paid: session.amountTotalCents, due: order.amountTotalCents },
          'paid amount differs',
        );
        throw new AppError('CONFLICT', 'Paid amount differs from the order total');
      }
      // Sell what the checkout reserved; a line whose reservation lapsed before the payment arrived takes
      // free keys if there still are some.
      const sold = await repo.sellReservedKeys(order.id, at);
      const count = (lineId: number) => sold.filter((key) => key.orderLineId === lineId).length;
      let reservedMore = false;
      for (const line of lines) {
        const missing = line.quantity - count(line.id);
        if (missing > 0 && (await repo.reserveKeys(line.gameId, missing, order.id, line.id, at)) > 0)
          reservedMore = true;
      }
      if (reservedMore) sold.push(...(await repo.sellReservedKeys(order.id, at)));
      const short: { lineId: number; gameId: number; missing: number }[] = [];
      for (const line of lines) {
        const missing = line.quantity - count(line.id);
        if (missing <= 0) continue;
        if (await deps.supplierPurchases?.sells(tx, line.gameId)) {
          // The key supplier sells it: buy the rest once the payment is recorded.
          short.push({ lineId: line.id, gameId: line.gameId, missing });
        } else {
          deps.log.error({ orderId, line: line.id }, 'paid order cannot be fulfilled: keys ran out');
          throw new AppError('OUT_OF_STOCK', 'Keys ran out', { values: { title: line.title } });
        }
      }
      if (short.length > 0 && deps.supplierPurchases) {
        await deps.supplierPurchases.record(tx, order.id, short);
        await moveOrder(tx, order, 'payment_confirmed_awaiting_keys', { paidAt: at, reservedUntil: null });
      } else {
        await moveOrder(tx, order, 'payment_confirmed', { paidAt: at, reservedUntil: null });
      }
      await createCartRepository(tx).removeGames(
        order.customerId,
        lines.map((l) => l.gameId),
      );
      const keys = decryptByLine(lines, sold);
      // Everything else is read or written before the invoice: its number comes from a counter row that
      // stays locked until this transaction commits (numbers without gaps), so every other payment waits
      // for it; the fewer steps after it, the shorter that wait.
      const consent = short.length > 0 ? undefined : await repo.consentOf(order.id);
      const invoice = await deps.invoices?.issueForOrder(tx, order.id, lines);
      // Awaiting supplier keys: the keys mail goes out when they have all arrived.
      if (short.length > 0) return { fresh: false, awaiting: true, lines, keys };
      await enqueueOrderKeysMail(tx, deps, order, lines, keys, at, {
        customer: invoice && {
          email: invoice.customerEmail,
          fullName: invoice.customerName,
          lang: invoice.lang,
        },
        consent,
      });
      return { fresh: true, lines, keys };
    });
    if (outcome.closed) return refuseClosed(outcome.closed, session);
    if (outcome.fresh) deps.mailDispatcher.kick();
    if (outcome.fresh) catalogueChanged.notify();
    if ('awaiting' in outcome && deps.supplierPurchases) {
      // Buy from the supplier now; on failure the order stays awaiting keys and is retried later. A slow
      // supplier does not hold the payment webhook: after a while the purchase goes on in the background.
      const delivery = deps.supplierPurchases.deliver(orderId).catch((error: unknown) => {
        deps.log.error({ orderId, err: (error as Error).message }, 'supplier delivery failed');
        return false;
      });
      const paid = await Promise.race([
        delivery,
        new Promise<false>((resolve) => setTimeout(resolve, SUPPLIER_WAIT_MS, false).unref()),
      ]);
      if (paid) {
        const keys = await keysOf(repository, orderId, outcome.lines);
        return { orderId, keys: flatten(outcome.lines, keys) };
      }
    }
    return { orderId, keys: flatten(outcome.lines, outcome.keys) };
  }

  /**
   * Closes an unpaid order: its provider session is expired first, then the reservation released. A
   * session that turns out to be paid meanwhile is fulfilled instead, never cancelled.
   */
  async function closeUnpaid(
    order: OrderRow,
    event: 'reservation_lapsed' | 'checkout_abandoned',
  ): Promise<void> {
    if (order.paymentSessionId) {
      try {
        const state = await provider.retrieveSession(order.paymentSessionId);
        if (state.paymentStatus === 'paid') {
          await fulfil(state);
          return;
        }
        await provider.expireSession(order.paymentSessionId);
      } catch (error) {
        deps.log.warn(
          { orderId: order.id, err: (error as Error).message },
          'could not expire payment session',
        );
      }
    }
    await release(order.id, event);
  }

  async function cancelOpenCheckouts(customerId: number): Promise<void> {
    for (const order of await repository.openOrdersOf(customerId))
      await closeUnpaid(order, 'checkout_abandoned');
  }

  return {
    fulfil,
    cancelOpenCheckouts,

    /**
     * Prices the cart, reserves one key per unit and records the consent in one transaction, then asks
     * the provider for a hosted checkout page. Nothing is charged when a line is short.
     */
    async startCheckout(
      customer: CheckoutCustomer,
      consent: { text: string; timestamp: string } | undefined,
      meta: { ip: string; userAgent?: string | undefined },
    ): Promise<{ url: string; orderId: number }> {
      if (!consent?.text.trim() || !consent.timestamp.trim()) {
        throw new AppError('CONSENT_REQUIRED', 'Consent to immediate delivery is required', {
          field: 'consent',
        });
      }
      await cancelOpenCheckouts(customer.customerId);
      const cart = createCartRepository(db);
      const draftId = await cart.findDraftId(customer.customerId);
      const draftLines = draftId === undefined ? [] : await cart.lines(draftId);
      if (draftLines.length === 0) throw new AppError('CART_EMPTY', 'The cart is empty');
      for (const line of draftLines) {
        if (line.hidden || line.priceCents <= 0)
          throw new AppError('OUT_OF_STOCK', 'Not for sale', { values: { title: line.title } });
      }
      const at = now();
      const priced = priceCart(draftLines, customer.countryId, at);
      const reservedUntil = new Date(at.getTime() + SESSION_TTL_MS + RESERVATION_GRACE_MS);
      const order = await db.transaction(async (tx) => {
        const repo = createCheckoutRepository(tx);
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
        });
        for (const line of priced.lines) {
          const lineId = await repo.insertLine({
            orderId: created.id,
            gameId: line.line.id,
            title: line.line.title,
            quantity: line.quantity,
            unitPriceCents: line.unitCents,
            netCents: line.netCents,
            taxCents: line.taxCents,
            totalCents: line.totalCents,
          });
          const got = await repo.reserveKeys(line.line.id, line.quantity, created.id, lineId, reservedUntil);
          // What the store lacks, the key supplier may sell: bought at fulfilment.
          const fromSupplier =
            got < line.quantity ? await deps.supplierPurchases?.listed(tx, line.line.id) : 0;
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
        return created;
      });
      catalogueChanged.notify();

      let session: { sessionId: string; url: string };
      try {
        session = await provider.createCheckoutSession({
          orderId: order.id,
          customerEmail: customer.email,
          lines: priced.lines.map((l) => ({
            title: l.line.title,
            unitAmountCents: l.unitCents,
            quantity: l.quantity,
          })),
          totalCents: priced.totalCents,
          successUrl: `${deps.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.publicUrl}/checkout/cancel`,
          expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
          idempotencyKey: `keyland-order-${order.id}`,
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
    ): Promise<{ orderId: number; keys: DeliveredKey[] }> {
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
      if (session.paymentStatus !== 'paid')
        throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment not completed');
      return fulfil(session);
    },

    /** A provider event: verified, processed once per event id. */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
      const event = provider.parseWebhook(rawBody, signature);
      if (!(await repository.recordEvent(provider.kind, event.id, event.rawType))) return { duplicate: true };
      try {
        if (event.type === 'checkout.session.completed' && event.session?.paymentStatus === 'paid') {
          await fulfil(event.session);
        } else if (event.type === 'checkout.session.expired' && event.session?.orderId != null) {
          const order = await repository.findOrder(event.session.orderId);
          if (order?.paymentSessionId === event.session.sessionId)
            await release(order.id, 'reservation_lapsed');
        } else if (event.type !== 'other') {
          await deps.onProviderEvent?.(event);
        }
      } catch (error) {
        // A closed order's answer is final: the event is acknowledged, never delivered again.
        if (error instanceof AppError && error.code === 'ORDER_CANCELLED') return { duplicate: false };
        await repository.forgetEvent(event.id);
        throw error;
      }
      return { duplicate: false };
    },

    /** Releases reservations whose time ran out (their sessions are expired first). */
    async sweepLapsed(limit = 50): Promise<number> {
      const lapsed = await repository.lapsedOrders(now(), limit);
      for (const order of lapsed) await closeUnpaid(order, 'reservation_lapsed');
      return lapsed.length;
    },

    /**
     * Asks the provider about sessions left in doubt (pending orders with a session, untouched for
     * `settleMs`): a paid one is fulfilled (once: fulfil locks the order), so a lost webhook or a crash
     * between payment and delivery never leaves a paid order undelivered. Answers how many it fulfilled.
     */
    async reconcilePayments(options: { limit?: number; settleMs?: number } = {}): Promise<number> {
      const before = new Date(now().getTime() - (options.settleMs ?? 30_000));
      const doubtful = await createReconcileRepository(db).pendingWithSession(before, options.limit ?? 50);
      let fulfilled = 0;
      for (const order of doubtful) {
        try {
          const state = await provider.retrieveSession(order.paymentSessionId ?? '');
          if (state.paymentStatus !== 'paid' || state.orderId !== order.id) continue;
          await fulfil(state);
          fulfilled += 1;
          deps.log.info({ orderId: order.id }, 'payment reconciled: order fulfilled');
        } catch (error) {
          deps.log.warn(
            { orderId: order.id, err: (error as Error).message },
            'payment reconciliation failed',
          );
        }
      }
      return fulfilled;
    },

    async history(customerId: number): Promise<CompletedOrder[]> {
      const paid = await repository.paidOrdersOf(customerId);
      if (paid.length === 0) return [];
      // Lines, keys and invoices of the whole page: one query each, whatever the number of orders.
      const orderIds = paid.map((order) => order.id);
      const linesOf = await repository.linesOfOrders(orderIds);
      const soldOf = await repository.soldKeysOfOrders(orderIds);
      const invoiceOf = await createInvoicesRepository(db).ofOrders(orderIds, 'invoice');
      const result: CompletedOrder[] = [];
      for (const order of paid) {
        const lines = linesOf.get(order.id) ?? [];
        const keys = decryptByLine(lines, soldOf.get(order.id) ?? []);
        result.push({
          id: order.id,
          date: (order.paidAt ?? order.createdAt).toISOString(),
          items: lines.flatMap((line) =>
            (keys.get(line.id) ?? []).map((code) => ({
              title: line.title,
              price: centsToEuros(line.unitPriceCents),
              wcs_activation_key: code,
              platform: line.platform,
              providerId: line.providerId,
            })),
          ),
          total: centsToEuros(order.amountTotalCents),
          amount_untaxed: centsToEuros(order.amountUntaxedCents),
          amount_tax: centsToEuros(order.amountTaxCents),
          tax_percent: basisPointsToPercent(order.vatBasisPoints ?? 0),
          ...documentsOf(order, invoiceOf.get(order.id)?.id ?? null, lines, keys),
        });
      }
      return result;
    },

    async hideOrder(customerId: number, orderId: number): Promise<void> {
      const order = await repository.findOrder(orderId);
      if (!order || order.customerId !== customerId || order.status !== 'paid' || order.hiddenByCustomer) {
        throw new AppError('NOT_FOUND', 'Unknown order');
      }
      await repository.updateOrder(orderId, { hiddenByCustomer: true });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
