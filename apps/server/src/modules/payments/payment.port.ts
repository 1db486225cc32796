/**
 * The payment-provider port. Checkout is a full redirect to the provider's hosted page: the store never
 * sees card data. Amounts are integer euro cents.
 */
export interface CheckoutLine {
  title: string;
  /** VAT-inclusive unit price in cents. */
  unitAmountCents: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  orderId: number;
  customerEmail: string;
  lines: CheckoutLine[];
  /** Must equal the sum of the lines; providers check it. */
  totalCents: number;
  /** `…/checkout/success?session_id={CHECKOUT_SESSION_ID}` — the provider fills in its session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Same order and attempt → same key, so a retried creation never makes a second session. */
  idempotencyKey: string;
  /** Ask the card's bank for 3-D Secure whenever it is available (a checkout the risk score found medium). */
  requestThreeDSecure?: boolean;
}

export interface CheckoutSessionRef {
  sessionId: string;
  url: string;
}

export type SessionPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';
export type SessionStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSessionState {
  sessionId: string;
  /** The store's order id (client_reference_id). */
  orderId: number | null;
  status: SessionStatus;
  paymentStatus: SessionPaymentStatus;
  amountTotalCents: number | null;
  currency: string | null;
}

/**
 * The events the store acts on; anything else is acknowledged and ignored. `checkout.session.completed`
 * also stands for `async_payment_succeeded` (the session is then paid); a completed session that is still
 * `unpaid` was paid with a delayed method whose outcome comes later (`async_payment_failed` when it fails).
 */
export type PaymentEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'charge.dispute.updated'
  | 'charge.dispute.closed'
  | 'payment.failed'
  | 'other';

/** A payment (Stripe: a charge of a payment intent) as a refund event reports it. */
export interface ChargeState {
  chargeId: string;
  /** What identifies the payment to `findSessionOfPayment`/`listRefunds` (Stripe: the payment intent). */
  paymentId: string | null;
  amountCents: number;
  amountRefundedCents: number;
}

export interface DisputeState {
  disputeId: string;
  paymentId: string | null;
  amountCents: number;
  /** The provider's own status: `warning_needs_response`, `needs_response`, `under_review`, `won`, `lost`… */
  status: string;
  reason: string | null;
  createdAt: Date;
  /** The provider's deadline for the store's evidence (null when it gave none). */
  evidenceDueBy: Date | null;
}

/**
 * The store's answer to a dispute, in the provider's evidence fields (Stripe's `evidence[...]`). Texts are
 * plain and in English, for the card network's reviewers.
 */
export interface DisputeEvidence {
  customerName: string;
  customerEmail: string;
  /** The address the order was placed from (recorded with the consent at checkout). */
  customerPurchaseIp: string | null;
  productDescription: string;
  /** When the keys were delivered, human-readable. */
  serviceDate: string;
  /** Every reveal and copy of the order's keys, with time and address, one per line. */
  accessActivityLog: string;
  /** The consent record (text, time, address), delivery and mail times, the invoice number. */
  uncategorizedText: string;
  /** The invoice, sent as the receipt. */
  receipt?: { filename: string; contentType: 'application/pdf'; data: Buffer };
}

export interface ProviderRefund {
  refundId: string;
  amountCents: number;
  /** `succeeded`, `pending`, `failed`, `canceled`, `requires_action`. */
  status: string;
  createdAt: Date;
}

export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  /** The provider's raw type, for logs. */
  rawType: string;
  session: CheckoutSessionState | null;
  /** Set for `charge.refunded`. */
  charge?: ChargeState | null;
  /** Set for `charge.dispute.*`. */
  dispute?: DisputeState | null;
  /** Set for `payment.failed`: an attempt to pay the order's session was refused. */
  failure?: PaymentFailure | null;
}

export interface PaymentFailure {
  orderId: number;
  cardFingerprint: string | null;
  reason: string;
}

/** What the provider reports of a paid session's card and its own risk assessment. */
export interface PaymentDetails {
  cardFingerprint: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  cardCountry: string | null;
  providerRisk: 'normal' | 'elevated' | 'highest' | null;
  /** The card holder authenticated with 3-D Secure. */
  threeDSecurePassed: boolean;
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** A webhook whose signature does not verify (answered 400, nothing changes). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export type RefundReason = 'fraudulent' | 'requested_by_customer';

export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSessionRef>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionState>;
  /** Ends an open session early (the customer cancelled or the reservation is released). */
  expireSession(sessionId: string): Promise<void>;
  /** Verifies the signature of a webhook call on its raw body and parses the event. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
  /**
   * Refunds a paid session's payment (`amountCents` at most its total). The same idempotency key answers
   * the same refund, so a retried refund never pays back twice.
   */
  refund(
    sessionId: string,
    amountCents: number,
    idempotencyKey: string,
    /** Why (the provider may treat fraud differently); fraud unless told. */
    reason?: RefundReason,
  ): Promise<{ refundId: string }>;
  /** The checkout session that took a payment (`ChargeState.paymentId`), or null when it is unknown. */
  findSessionOfPayment(paymentId: string): Promise<string | null>;
  /** Every refund of a payment, as the provider knows them now (its state wins over any event's). */
  listRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** The card and the provider's risk assessment of a paid session (null when it tells nothing). */
  paymentDetails(sessionId: string): Promise<PaymentDetails | null>;
  /**
   * Submits the store's evidence for a dispute (final: the provider takes it once, and refuses a second
   * submission). The same idempotency key with the same evidence answers the first submission's outcome.
   */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence, idempotencyKey: string): Promise<void>;
}
