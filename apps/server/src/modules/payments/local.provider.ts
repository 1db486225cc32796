import { randomBytes } from 'node:crypto';
import type { LocalPaymentRepository, LocalSession } from './local-payment.repository.ts';
import {
  type CheckoutSessionState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  WebhookSignatureError,
} from './payment.port.ts';
import { verifySignature } from './webhook-signature.ts';

/** Cards of the local test checkout, as the card provider's test mode knows them. */
export const LOCAL_TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

export function toSessionState(row: LocalSession): CheckoutSessionState {
  return {
    sessionId: row.id,
    orderId: row.orderId,
    status: row.status,
    paymentStatus: row.paymentStatus,
    amountTotalCents: row.amountTotalCents,
    currency: row.currency,
  };
}

/**
 * The store's own stand-in for a card provider (development and tests only): a hosted checkout page at
 * `/pay/local/<session>` (see local-checkout.routes.ts) that redirects and emits signed events exactly
 * as the real provider would.
 */
export function createLocalProvider(options: {
  repository: LocalPaymentRepository;
  publicUrl: string;
  webhookSecret: string;
}): PaymentProvider {
  const { repository } = options;
  return {
    kind: 'local',

    async createCheckoutSession(input) {
      const total = input.lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
      if (total !== input.totalCents)
        throw new PaymentProviderError('Line amounts do not add up to the total');
      const row = await repository.insertOrGet({
        id: `cs_local_${randomBytes(16).toString('hex')}`,
        orderId: input.orderId,
        customerEmail: input.customerEmail,
        amountTotalCents: input.totalCents,
        lines: JSON.stringify(input.lines),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        idempotencyKey: input.idempotencyKey,
        expiresAt: input.expiresAt,
      });
      return { sessionId: row.id, url: `${options.publicUrl}/pay/local/${row.id}` };
    },

    async retrieveSession(sessionId) {
      const row = await repository.find(sessionId);
      if (!row) throw new PaymentProviderError('No such checkout session');
      return toSessionState(row);
    },

    async expireSession(sessionId) {
      await repository.expire(sessionId);
    },

    async refund(sessionId, amountCents, idempotencyKey) {
      const session = await repository.find(sessionId);
      if (!session) throw new PaymentProviderError('No such checkout session');
      if (session.paymentStatus !== 'paid') throw new PaymentProviderError('The session was not paid');
      const refunded = (await repository.refundsOf(sessionId))
        .filter((r) => r.idempotencyKey !== idempotencyKey)
        .reduce((sum, r) => sum + r.amountCents, 0);
      if (
        !Number.isSafeInteger(amountCents) ||
        amountCents <= 0 ||
        refunded + amountCents > session.amountTotalCents
      )
        throw new PaymentProviderError('Refund amount exceeds what was paid');
      const row = await repository.insertRefundOrGet({
        id: `re_local_${randomBytes(12).toString('hex')}`,
        sessionId,
        amountCents,
        idempotencyKey,
      });
      return { refundId: row.id };
    },

    parseWebhook(rawBody, signatureHeader): PaymentEvent {
      verifySignature(rawBody, signatureHeader, options.webhookSecret);
      let event: { id?: unknown; type?: unknown; data?: { object?: CheckoutSessionState } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookSignatureError('Event is not JSON');
      }
      const rawType = String(event.type ?? '');
      const type =
        rawType === 'checkout.session.completed' || rawType === 'checkout.session.expired'
          ? rawType
          : 'other';
      return { id: String(event.id ?? ''), type, rawType, session: event.data?.object ?? null };
    },
  };
}
