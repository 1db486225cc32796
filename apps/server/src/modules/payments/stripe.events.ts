import type Stripe from 'stripe';
import type {
  ChargeState,
  CheckoutSessionState,
  DisputeState,
  PaymentEvent,
  SessionPaymentStatus,
  SessionStatus,
} from './payment.port.ts';

/** What Stripe sends, read into the payment port's terms: sessions, charges, disputes and webhook events. */

const SESSION_STATUSES: readonly SessionStatus[] = ['open', 'complete', 'expired'];
const PAYMENT_STATUSES: readonly SessionPaymentStatus[] = ['paid', 'unpaid', 'no_payment_required'];

export function toSessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  const ref = session.client_reference_id;
  const orderId = ref && /^[0-9]+$/.test(ref) && Number.isSafeInteger(Number(ref)) ? Number(ref) : null;
  const status = SESSION_STATUSES.find((s) => s === session.status) ?? 'open';
  const paymentStatus = PAYMENT_STATUSES.find((s) => s === session.payment_status) ?? 'unpaid';
  return {
    sessionId: session.id,
    orderId,
    status,
    paymentStatus,
    amountTotalCents: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function toChargeState(charge: Stripe.Charge): ChargeState {
  return {
    chargeId: charge.id,
    paymentId: idOf(charge.payment_intent),
    amountCents: charge.amount,
    amountRefundedCents: charge.amount_refunded,
  };
}

function toDisputeState(dispute: Stripe.Dispute): DisputeState {
  return {
    disputeId: dispute.id,
    paymentId: idOf(dispute.payment_intent),
    amountCents: dispute.amount,
    status: dispute.status,
    reason: dispute.reason ?? null,
    createdAt: new Date(dispute.created * 1000),
    // Absent from a snapshot that carries no evidence details; Stripe sends Unix seconds.
    evidenceDueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
  };
}

/** A verified webhook event → the payment event the store acts on (`other` for the rest). */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object: unknown = event.data?.object;
  const session =
    object && typeof object === 'object' && (object as { object?: unknown }).object === 'checkout.session'
      ? toSessionState(object as Stripe.Checkout.Session)
      : null;
  let type: PaymentEvent['type'] = 'other';
  if (session && event.type === 'checkout.session.completed') type = 'checkout.session.completed';
  else if (session && event.type === 'checkout.session.expired') type = 'checkout.session.expired';
  else if (
    session &&
    event.type === 'checkout.session.async_payment_succeeded' &&
    session.paymentStatus === 'paid'
  ) {
    type = 'checkout.session.completed';
  } else if (session && event.type === 'checkout.session.async_payment_failed') {
    type = 'checkout.session.async_payment_failed';
  }
  const kind = object && typeof object === 'object' ? (object as { object?: unknown }).object : undefined;
  if (kind === 'payment_intent' && event.type === 'payment_intent.payment_failed') {
    const intent = object as Stripe.PaymentIntent;
    const ref = intent.metadata?.order_id;
    const orderId = ref && /^[0-9]+$/.test(ref) ? Number(ref) : null;
    const method = intent.last_payment_error?.payment_method;
    if (orderId !== null && Number.isSafeInteger(orderId))
      return {
        id: event.id,
        type: 'payment.failed',
        rawType: event.type,
        session: null,
        failure: {
          orderId,
          cardFingerprint: method?.card?.fingerprint ?? null,
          reason: (intent.last_payment_error?.code ?? 'declined').slice(0, 100),
        },
      };
  }
  if (kind === 'charge' && event.type === 'charge.refunded') {
    return {
      id: event.id,
      type: 'charge.refunded',
      rawType: event.type,
      session: null,
      charge: toChargeState(object as Stripe.Charge),
    };
  }
  if (
    kind === 'dispute' &&
    (event.type === 'charge.dispute.created' ||
      event.type === 'charge.dispute.updated' ||
      event.type === 'charge.dispute.closed')
  ) {
    return {
      id: event.id,
      type: event.type,
      rawType: event.type,
      session: null,
      dispute: toDisputeState(object as Stripe.Dispute),
    };
  }
  return { id: event.id, type, rawType: event.type, session };
}
