import Stripe from 'stripe';
import type { StripeConfig } from '../../config/env.ts';
import { retry } from '../../lib/retry.ts';
import {
  type CheckoutSessionRef,
  type CheckoutSessionState,
  type CreateCheckoutInput,
  type DisputeEvidence,
  type PaymentDetails,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type RefundReason,
  WebhookSignatureError,
} from './payment.port.ts';
import { toPaymentEvent, toSessionState } from './stripe.events.ts';
import {
  parseApiBase,
  stripeFailure,
  stripeRetryOptions,
  toStripeEvidence,
  validateInput,
} from './stripe.request.ts';

/**
 * The Stripe adapter of the payment port: a hosted Checkout Session in `payment` mode, created, read and
 * expired through the official SDK, and webhooks verified with `constructEvent` on the raw body
 * (see shared/reference/apis.md §2).
 */

export interface StripeProviderOptions {
  /** Per-request timeout of the SDK (default 20 s; the SDK's own default is 80 s). */
  timeoutMs?: number;
  /**
   * Retries after a timeout, a dropped connection, 409, 429 or 5xx, with exponential back-off and the same
   * Idempotency-Key (default 3); then the call fails with a PaymentProviderError.
   */
  maxNetworkRetries?: number;
  /** The first back-off delay, doubled at each retry with jitter (default 300 ms, at most 8 s). */
  retryBaseDelayMs?: number;
  /**
   * `card` limits the session to cards (wallets such as Apple Pay and Google Pay included), whose result is
   * known at once. Without it, the configured `paymentMethods` (default `automatic`) leaves the choice to
   * the Dashboard, which may offer delayed methods (SEPA debit…) that complete `unpaid` and settle later.
   */
  paymentMethods?: 'card' | 'automatic';
}

/** Stripe accepts `expires_at` up to 24 hours after creation, measured on its own clock. */
const MAX_EXPIRY_S = 24 * 60 * 60;
/**
 * Added to the requested expiry so that a deadline of "now + 30 minutes" (Stripe's minimum) survives the
 * request's travel time and clock skew instead of being refused.
 */
const EXPIRY_SLACK_S = 60;
/** The tolerance of the webhook signature's timestamp (Stripe's default). */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * `expires_at` in Unix seconds: the requested expiry plus a minute of slack. It depends on `expiresAt` alone
 * (not on the clock) while within 24 hours, so a retried creation with the same input sends the same
 * parameters, which the Idempotency-Key requires; only a request beyond 24 hours is lowered to the limit.
 */
export function stripeExpiresAt(expiresAt: Date, now: number = Date.now()): number {
  const wanted = Math.ceil(expiresAt.getTime() / 1000) + EXPIRY_SLACK_S;
  return Math.min(wanted, Math.floor(now / 1000) + MAX_EXPIRY_S - EXPIRY_SLACK_S);
}

export function createStripeProvider(
  config: StripeConfig,
  options: StripeProviderOptions = {},
): PaymentProvider {
  const { host, port, protocol } = parseApiBase(config.apiBase);
  const stripe = new Stripe(config.secretKey, {
    host,
    port,
    protocol,
    timeout: options.timeoutMs ?? 20_000,
    // Retries are ours (lib/retry.ts), so that 429 is retried too and the budget is counted once.
    maxNetworkRetries: 0,
    telemetry: false,
    appInfo: { name: 'Keyland' },
  });
  const paymentMethods = options.paymentMethods ?? config.paymentMethods ?? 'automatic';
  const retryOptions = stripeRetryOptions(options.maxNetworkRetries ?? 3, options.retryBaseDelayMs ?? 300);
  const withRetries = <T>(call: () => Promise<T>): Promise<T> => retry(call, retryOptions);
  const fail = (operation: string, err: unknown) => stripeFailure(operation, err, config.secretKey);

  return {
    kind: 'stripe',

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSessionRef> {
      validateInput(input);
      const orderId = String(input.orderId);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: input.lines.map((line) => ({
          price_data: {
            currency: 'eur',
            unit_amount: line.unitAmountCents,
            product_data: { name: line.title },
          },
          quantity: line.quantity,
        })),
        client_reference_id: orderId,
        customer_email: input.customerEmail,
        expires_at: stripeExpiresAt(input.expiresAt),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { order_id: orderId },
        payment_intent_data: { metadata: { order_id: orderId } },
        ...(paymentMethods === 'card' ? { allowed_payment_method_types: ['card'] } : {}),
        // A medium-risk checkout: the bank authenticates the card holder wherever 3-D Secure is available.
        ...(input.requestThreeDSecure
          ? { payment_method_options: { card: { request_three_d_secure: 'any' as const } } }
          : {}),
      };
      let session: Stripe.Checkout.Session;
      try {
        session = await withRetries(() =>
          stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
        );
      } catch (err) {
        throw fail(`checkout session creation for order ${orderId}`, err);
      }
      if (!session.url) {
        throw new PaymentProviderError(
          `Stripe checkout session ${session.id} for order ${orderId} has no URL (status ${session.status})`,
        );
      }
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<CheckoutSessionState> {
      try {
        return toSessionState(await withRetries(() => stripe.checkout.sessions.retrieve(sessionId)));
      } catch (err) {
        throw fail(`retrieval of checkout session ${sessionId}`, err);
      }
    },

    async expireSession(sessionId: string): Promise<void> {
      try {
        await withRetries(() => stripe.checkout.sessions.expire(sessionId));
        return;
      } catch (err) {
        // Stripe refuses to expire a session that is no longer open (400 invalid_request_error: 'Only
        // Checkout Sessions with a status in ["open"] can be expired…'). Whether that was the reason is read
        // from the session itself rather than from the wording of the message.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode !== 400) {
          throw fail(`expiry of checkout session ${sessionId}`, err);
        }
        let current: Stripe.Checkout.Session;
        try {
          current = await stripe.checkout.sessions.retrieve(sessionId);
        } catch {
          throw fail(`expiry of checkout session ${sessionId}`, err);
        }
        if (current.status === 'open') throw fail(`expiry of checkout session ${sessionId}`, err);
      }
    },

    async refund(
      sessionId: string,
      amountCents: number,
      idempotencyKey: string,
      reason: RefundReason = 'fraudulent',
    ): Promise<{ refundId: string }> {
      let session: Stripe.Checkout.Session;
      try {
        session = await withRetries(() => stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        throw fail(`retrieval of checkout session ${sessionId} for a refund`, err);
      }
      const intent = session.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent)
        throw new PaymentProviderError(`Checkout session ${sessionId} has no payment to refund`);
      try {
        const refund = await withRetries(() =>
          stripe.refunds.create(
            { payment_intent: paymentIntent, amount: amountCents, reason },
            { idempotencyKey },
          ),
        );
        return { refundId: refund.id };
      } catch (err) {
        throw fail(`refund of checkout session ${sessionId}`, err);
      }
    },

    async paymentDetails(sessionId: string): Promise<PaymentDetails | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await withRetries(() =>
          stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }),
        );
      } catch (err) {
        throw fail(`retrieval of the payment of checkout session ${sessionId}`, err);
      }
      const intent = session.payment_intent;
      const charge = intent && typeof intent === 'object' ? intent.latest_charge : null;
      if (!charge || typeof charge !== 'object') return null;
      const card = charge.payment_method_details?.card ?? null;
      const risk = charge.outcome?.risk_level;
      return {
        cardFingerprint: card?.fingerprint ?? null,
        cardCountry: card?.country ? card.country.toUpperCase() : null,
        providerRisk: risk === 'normal' || risk === 'elevated' || risk === 'highest' ? risk : null,
        threeDSecurePassed: card?.three_d_secure?.result === 'authenticated',
      };
    },

    async findSessionOfPayment(paymentId: string): Promise<string | null> {
      try {
        const found = await withRetries(() =>
          stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 }),
        );
        return found.data[0]?.id ?? null;
      } catch (err) {
        throw fail(`lookup of the checkout session of payment ${paymentId}`, err);
      }
    },

    async listRefunds(paymentId: string) {
      try {
        const refunds = await withRetries(() =>
          stripe.refunds.list({ payment_intent: paymentId, limit: 100 }).autoPagingToArray({ limit: 1000 }),
        );
        return refunds.map((refund) => ({
          refundId: refund.id,
          amountCents: refund.amount,
          status: refund.status ?? 'pending',
          createdAt: new Date(refund.created * 1000),
        }));
      } catch (err) {
        throw fail(`listing of the refunds of payment ${paymentId}`, err);
      }
    },

    async submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence, idempotencyKey: string) {
      let receipt: string | undefined;
      if (evidence.receipt) {
        const { filename, contentType, data } = evidence.receipt;
        try {
          // The SDK sends uploads to files.stripe.com, but to the client's own host, port and protocol once
          // the host is not Stripe's default (`resolveBaseAddress`): a configured API base (the stand-in,
          // a proxy) receives the file too. test/payments/stripe.provider.test.ts holds it to that.
          const file = await withRetries(() =>
            stripe.files.create(
              { purpose: 'dispute_evidence', file: { data, name: filename, type: contentType } },
              { idempotencyKey: `${idempotencyKey}-receipt` },
            ),
          );
          receipt = file.id;
        } catch (err) {
          throw fail(`upload of the receipt for dispute ${disputeId}`, err);
        }
      }
      try {
        await withRetries(() =>
          stripe.disputes.update(
            disputeId,
            { evidence: toStripeEvidence(evidence, receipt), submit: true },
            { idempotencyKey },
          ),
        );
      } catch (err) {
        throw fail(`evidence submission for dispute ${disputeId}`, err);
      }
    },

    parseWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_S,
        );
      } catch (err) {
        const text = err instanceof Error ? err.message.split('\n')[0] : String(err);
        throw new WebhookSignatureError(`Stripe webhook rejected: ${text}`);
      }
      return toPaymentEvent(event);
    },
  };
}
