import { createHash, randomBytes } from 'node:crypto';
import type { LocalDisputeRepository } from './local-dispute.repository.ts';
import type { LocalPaymentRepository, LocalSession } from './local-payment.repository.ts';
import {
  type ChargeState,
  type CheckoutSessionState,
  type DisputeEvidence,
  type DisputeState,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  WebhookSignatureError,
} from './payment.port.ts';
import { verifySignature } from './webhook-signature.ts';

/** Cards of the local test checkout, as the card provider's test mode knows them. */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Pays; the provider reports a card issued in the United States and an elevated risk. */
  elevated: '4000000000009235',
} as const;

/**
 * The local stand-in of a card fingerprint: the same card always gives the same one. Everyone types the
 * success card's number, so it stands for each customer's own card (its fingerprint includes the buyer's
 * e-mail); the other test cards are one card each, shared by whoever uses them.
 */
export const localCardFingerprint = (card: string, customerEmail: string) =>
  `fp_local_${createHash('sha256')
    .update(card === LOCAL_TEST_CARDS.success ? `${card}:${customerEmail.toLowerCase()}` : card)
    .digest('hex')
    .slice(0, 16)}`;

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
 * The `data.object` of the local provider's refund and dispute events. The local provider has no separate
 * payment object: a payment is identified by its checkout session id (`paymentId`).
 */
export type LocalChargeObject = { object: 'charge' } & ChargeState;
export type LocalDisputeObject = { object: 'dispute' } & Omit<DisputeState, 'createdAt' | 'evidenceDueBy'> & {
    createdAt: string;
    /** The deadline for evidence (ISO 8601), when the event gives one. */
    evidenceDueBy?: string | null;
  };

function parseCharge(object: unknown): ChargeState | null {
  const o = object as Partial<LocalChargeObject> | null | undefined;
  if (o?.object !== 'charge' || typeof o.chargeId !== 'string') return null;
  if (!Number.isSafeInteger(o.amountCents) || !Number.isSafeInteger(o.amountRefundedCents)) return null;
  return {
    chargeId: o.chargeId,
    paymentId: typeof o.paymentId === 'string' ? o.paymentId : null,
    amountCents: o.amountCents as number,
    amountRefundedCents: o.amountRefundedCents as number,
  };
}

function parseDispute(object: unknown): DisputeState | null {
  const o = object as Partial<LocalDisputeObject> | null | undefined;
  if (o?.object !== 'dispute' || typeof o.disputeId !== 'string' || typeof o.status !== 'string') return null;
  const createdAt = new Date(String(o.createdAt));
  if (!Number.isSafeInteger(o.amountCents) || Number.isNaN(createdAt.getTime())) return null;
  const dueBy = typeof o.evidenceDueBy === 'string' ? new Date(o.evidenceDueBy) : null;
  return {
    disputeId: o.disputeId,
    paymentId: typeof o.paymentId === 'string' ? o.paymentId : null,
    amountCents: o.amountCents as number,
    status: o.status,
    reason: typeof o.reason === 'string' ? o.reason : null,
    createdAt,
    evidenceDueBy: dueBy && !Number.isNaN(dueBy.getTime()) ? dueBy : null,
  };
}

/** What the local provider keeps of submitted evidence: the texts, and the receipt's name, size and hash. */
function storedEvidence(evidence: DisputeEvidence, idempotencyKey: string): Record<string, unknown> {
  const { receipt, ...texts } = evidence;
  return {
    ...texts,
    receipt: receipt
      ? {
          filename: receipt.filename,
          contentType: receipt.contentType,
          size: receipt.data.length,
          sha256: createHash('sha256').update(receipt.data).digest('hex'),
        }
      : null,
    idempotencyKey,
  };
}

/**
 * The store's own stand-in for a card provider (development and tests only): a hosted checkout page at
 * `/pay/local/<session>` (see local-checkout.routes.ts) that redirects and emits signed events exactly
 * as the real provider would.
 */
export function createLocalProvider(options: {
  repository: LocalPaymentRepository;
  /** Where submitted dispute evidence is kept. */
  disputes: LocalDisputeRepository;
  publicUrl: string;
  webhookSecret: string;
}): PaymentProvider {
  const { repository } = options;
  return {
    kind: 'local',

    async submitDisputeEvidence(disputeId, evidence, idempotencyKey) {
      const stored = storedEvidence(evidence, idempotencyKey);
      if (await options.disputes.insertEvidence(disputeId, stored)) return;
      // As the card provider: evidence is submitted once; a retry under the same key answers as the first did.
      const existing = await options.disputes.find(disputeId);
      if (existing?.evidence.idempotencyKey === idempotencyKey) return;
      throw new PaymentProviderError(`Evidence for dispute ${disputeId} was already submitted`);
    },

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
        threeDSecureRequested: input.requestThreeDSecure ?? false,
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

    async paymentDetails(sessionId) {
      const row = await repository.find(sessionId);
      if (!row?.cardFingerprint) return null;
      const elevated =
        row.cardFingerprint === localCardFingerprint(LOCAL_TEST_CARDS.elevated, row.customerEmail);
      return {
        cardFingerprint: row.cardFingerprint,
        cardCountry: elevated ? 'US' : null,
        providerRisk: elevated ? 'elevated' : 'normal',
        // The test cards pass 3-D Secure when the store asked for it, but the elevated-risk card's bank
        // offers none (as a card without 3-D Secure enrolment): its order still waits for a person.
        threeDSecurePassed: row.threeDSecureRequested && !elevated,
      };
    },

    async findSessionOfPayment(paymentId) {
      return (await repository.find(paymentId))?.id ?? null;
    },

    async listRefunds(paymentId) {
      return (await repository.refundsOf(paymentId)).map((refund) => ({
        refundId: refund.id,
        amountCents: refund.amountCents,
        status: 'succeeded',
        createdAt: refund.createdAt,
      }));
    },

    parseWebhook(rawBody, signatureHeader): PaymentEvent {
      verifySignature(rawBody, signatureHeader, options.webhookSecret);
      let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookSignatureError('Event is not JSON');
      }
      const rawType = String(event.type ?? '');
      const id = String(event.id ?? '');
      const object = event.data?.object;
      if (rawType === 'charge.refunded') {
        const charge = parseCharge(object);
        if (charge) return { id, type: rawType, rawType, session: null, charge };
      }
      if (
        rawType === 'charge.dispute.created' ||
        rawType === 'charge.dispute.updated' ||
        rawType === 'charge.dispute.closed'
      ) {
        const dispute = parseDispute(object);
        if (dispute) return { id, type: rawType, rawType, session: null, dispute };
      }
      if (rawType === 'payment_intent.payment_failed') {
        const o = object as { orderId?: unknown; cardFingerprint?: unknown; reason?: unknown } | undefined;
        if (typeof o?.orderId === 'number' && Number.isSafeInteger(o.orderId)) {
          const failure = {
            orderId: o.orderId,
            cardFingerprint: typeof o.cardFingerprint === 'string' ? o.cardFingerprint : null,
            reason: typeof o.reason === 'string' ? o.reason.slice(0, 100) : 'declined',
          };
          return { id, type: 'payment.failed', rawType, session: null, failure };
        }
      }
      const session = (object as { sessionId?: unknown } | undefined)?.sessionId
        ? (object as CheckoutSessionState)
        : null;
      // As the card provider does: a delayed payment that settled arrives as `async_payment_succeeded`.
      const type =
        rawType === 'checkout.session.completed' ||
        rawType === 'checkout.session.expired' ||
        rawType === 'checkout.session.async_payment_failed'
          ? rawType
          : rawType === 'checkout.session.async_payment_succeeded' && session?.paymentStatus === 'paid'
            ? 'checkout.session.completed'
            : 'other';
      return { id, type, rawType, session };
    },
  };
}
