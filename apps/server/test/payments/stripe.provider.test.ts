import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreateCheckoutInput,
  type DisputeEvidence,
  type PaymentProvider,
  PaymentProviderError,
  WebhookSignatureError,
} from '../../src/modules/payments/payment.port.ts';
import { createStripeProvider, stripeExpiresAt } from '../../src/modules/payments/stripe.provider.ts';
import { type FakeStripe, parseStripeForm, startFakeStripe } from './fake-stripe-server.ts';

const SUCCESS_URL = 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://localhost:3000/checkout/cancel';

function input(overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  return {
    orderId: 1001,
    customerEmail: 'jane.doe@keyland.test',
    lines: [
      { title: 'Elden Ring (Steam)', unitAmountCents: 5999, quantity: 1 },
      { title: 'Hades II (Steam) & more', unitAmountCents: 2450, quantity: 2 },
    ],
    totalCents: 5999 + 2 * 2450,
    successUrl: SUCCESS_URL,
    cancelUrl: CANCEL_URL,
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    idempotencyKey: 'checkout-1001-1',
    ...overrides,
  };
}

describe('Stripe payment provider against a stand-in Stripe', () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeEach(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider(
      { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase },
      { maxNetworkRetries: 0, timeoutMs: 5_000 },
    );
  });

  afterEach(async () => {
    await fake.close();
  });

  describe('createCheckoutSession', () => {
    it('sends a form-encoded payment-mode session with cents, the order, the customer and the Idempotency-Key', async () => {
      const before = Math.floor(Date.now() / 1000);
      const ref = await provider.createCheckoutSession(input());

      expect(ref.sessionId).toMatch(/^cs_test_/);
      expect(ref.url).toBe(fake.sessions.get(ref.sessionId)?.url);
      expect(fake.requests).toHaveLength(1);
      const req = fake.requests[0];
      if (!req) throw new Error('no request');
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/v1/checkout/sessions');
      expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(req.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
      expect(req.headers['idempotency-key']).toBe('checkout-1001-1');
      expect(req.headers['stripe-version']).toBeTruthy();

      // The raw body uses bracketed keys and indexed arrays, not JSON.
      expect(req.rawBody).toContain('mode=payment');
      expect(req.rawBody).toContain('line_items[0][price_data][currency]=eur');
      expect(req.rawBody).toContain('line_items[0][price_data][unit_amount]=5999');
      expect(req.rawBody).toContain('line_items[1][quantity]=2');
      expect(req.rawBody).not.toMatch(/^\s*\{/);

      const form = req.form;
      expect(form.mode).toBe('payment');
      expect(form.line_items).toEqual([
        {
          price_data: { currency: 'eur', unit_amount: '5999', product_data: { name: 'Elden Ring (Steam)' } },
          quantity: '1',
        },
        {
          price_data: {
            currency: 'eur',
            unit_amount: '2450',
            product_data: { name: 'Hades II (Steam) & more' },
          },
          quantity: '2',
        },
      ]);
      expect(form.client_reference_id).toBe('1001');
      expect(form.customer_email).toBe('jane.doe@keyland.test');
      expect(form.metadata).toEqual({ order_id: '1001' });
      expect(form.success_url).toBe(SUCCESS_URL);
      expect(form.cancel_url).toBe(CANCEL_URL);
      // Not pinned to cards: the hosted page offers the methods enabled in the Dashboard.
      expect(form.allowed_payment_method_types).toBeUndefined();
      expect(form.payment_method_types).toBeUndefined();
      expect(form.payment_method_options).toBeUndefined();
      expect(fake.sessions.get(ref.sessionId)?.payment_method_types).toEqual(
        expect.arrayContaining(['card', 'ideal', 'bancontact', 'blik', 'p24', 'eps', 'sepa_debit', 'klarna']),
      );
      const expiresAt = Number(form.expires_at);
      expect(Number.isInteger(expiresAt)).toBe(true);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
      expect(expiresAt).toBeLessThanOrEqual(before + 35 * 60);

      const session = fake.sessions.get(ref.sessionId);
      expect(session?.amount_total).toBe(5999 + 2 * 2450);
      expect(session?.currency).toBe('eur');
      // The literal placeholder survives for Stripe to fill in on redirect.
      expect(session?.success_url).toContain('{CHECKOUT_SESSION_ID}');
    });

    it('limits the session to cards only when the shop is configured so', async () => {
      const cardsOnly = createStripeProvider(
        {
          secretKey: fake.secretKey,
          webhookSecret: fake.webhookSecret,
          apiBase: fake.apiBase,
          paymentMethods: 'card',
        },
        { maxNetworkRetries: 0, timeoutMs: 5_000 },
      );
      const ref = await cardsOnly.createCheckoutSession(input());
      expect(fake.requests.at(-1)?.form.allowed_payment_method_types).toEqual(['card']);
      expect(fake.sessions.get(ref.sessionId)?.payment_method_types).toEqual(['card']);
    });

    it('asks the bank for 3-D Secure whenever available on a medium-risk checkout, and only then', async () => {
      const ref = await provider.createCheckoutSession({ ...input(), requestThreeDSecure: true });
      expect(fake.requests.at(-1)?.rawBody).toContain(
        'payment_method_options[card][request_three_d_secure]=any',
      );
      expect(fake.sessions.get(ref.sessionId)?.payment_method_options).toEqual({
        card: { request_three_d_secure: 'any' },
      });
      await provider.createCheckoutSession({ ...input(), idempotencyKey: 'checkout-1001-2' });
      expect(fake.requests.at(-1)?.form.payment_method_options).toBeUndefined();
    });

    it('sends the expiry plus a minute of slack, the same on a later retry, capped at 24 hours', () => {
      const now = Date.UTC(2026, 0, 1, 12, 0, 0);
      const nowS = now / 1000;
      const deadline = new Date(now + 30 * 60_000);
      expect(stripeExpiresAt(deadline, now)).toBe(nowS + 31 * 60);
      expect(stripeExpiresAt(deadline, now + 90_000)).toBe(nowS + 31 * 60);
      expect(stripeExpiresAt(new Date(now + 2 * 3600_000 + 1), now)).toBe(nowS + 2 * 3600 + 61);
      expect(stripeExpiresAt(new Date(now + 48 * 3600_000), now)).toBe(nowS + 24 * 3600 - 60);
    });

    it('a retry of the same attempt (same input, same key) yields the same session', async () => {
      const attempt = input();
      const first = await provider.createCheckoutSession(attempt);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await provider.createCheckoutSession(attempt);
      expect(again).toEqual(first);
      expect(fake.sessions.size).toBe(1);
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[1]?.rawBody).toBe(fake.requests[0]?.rawBody);
    });

    it('refuses an expiry Stripe would refuse, as a provider error naming the parameter', async () => {
      const err = await provider
        .createCheckoutSession(input({ expiresAt: new Date(Date.now() + 10 * 60_000) }))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect((err as Error).message).toMatch(/expires_at.*30 minutes/);
    });

    it('the same key with different parameters is refused as an idempotency error', async () => {
      await provider.createCheckoutSession(input());
      const changed = input({
        lines: [{ title: 'Elden Ring (Steam)', unitAmountCents: 4999, quantity: 1 }],
        totalCents: 4999,
      });
      const err = await provider.createCheckoutSession(changed).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect((err as Error).message).toMatch(/idempotency_error/);
      expect(fake.sessions.size).toBe(1);
    });

    it('refuses lines whose sum differs from the total before calling Stripe', async () => {
      const err = await provider.createCheckoutSession(input({ totalCents: 1 })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect((err as Error).message).toMatch(/totalCents/);
      expect(fake.requests).toHaveLength(0);
    });

    it('retries a 500 with the same Idempotency-Key when retries are enabled', async () => {
      const retrying = createStripeProvider(
        { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase },
        { maxNetworkRetries: 1 },
      );
      fake.failNext('server_error');
      const ref = await retrying.createCheckoutSession(input());
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[0]?.headers['idempotency-key']).toBe('checkout-1001-1');
      expect(fake.requests[1]?.headers['idempotency-key']).toBe('checkout-1001-1');
      expect(fake.sessions.has(ref.sessionId)).toBe(true);
    });
  });

  describe('retrieveSession and expireSession', () => {
    it('reads an open session, then a paid and complete one after the customer pays', async () => {
      const { sessionId } = await provider.createCheckoutSession(input());
      expect(await provider.retrieveSession(sessionId)).toEqual({
        sessionId,
        orderId: 1001,
        status: 'open',
        paymentStatus: 'unpaid',
        amountTotalCents: 10899,
        currency: 'eur',
      });
      fake.complete(sessionId);
      const state = await provider.retrieveSession(sessionId);
      expect(state.status).toBe('complete');
      expect(state.paymentStatus).toBe('paid');
      const get = fake.requests.at(-1);
      expect(get?.method).toBe('GET');
      expect(get?.path).toBe(`/v1/checkout/sessions/${sessionId}`);
    });

    it('an unknown session is a provider error', async () => {
      await expect(provider.retrieveSession('cs_test_nope')).rejects.toThrow(/No such checkout\.session/);
    });

    it('expires an open session; expiring it again, or a completed one, is not an error', async () => {
      const { sessionId } = await provider.createCheckoutSession(input());
      await provider.expireSession(sessionId);
      expect(fake.requests.at(-1)?.path).toBe(`/v1/checkout/sessions/${sessionId}/expire`);
      expect(fake.sessions.get(sessionId)?.status).toBe('expired');
      expect(fake.sessions.get(sessionId)?.url).toBeNull();
      expect((await provider.retrieveSession(sessionId)).status).toBe('expired');

      await expect(provider.expireSession(sessionId)).resolves.toBeUndefined();

      const other = await provider.createCheckoutSession(
        input({ orderId: 1002, idempotencyKey: 'checkout-1002-1' }),
      );
      fake.complete(other.sessionId);
      await expect(provider.expireSession(other.sessionId)).resolves.toBeUndefined();
      expect(fake.sessions.get(other.sessionId)?.status).toBe('complete');
    });
  });

  describe('parseWebhook', () => {
    it('accepts a correctly signed checkout.session.completed and fills the session', async () => {
      const { sessionId } = await provider.createCheckoutSession(input());
      fake.complete(sessionId);
      const { body, signature, event } = fake.signedEvent('checkout.session.completed', sessionId);
      const parsed = provider.parseWebhook(body, signature);
      expect(parsed).toEqual({
        id: event.id,
        type: 'checkout.session.completed',
        rawType: 'checkout.session.completed',
        session: {
          sessionId,
          orderId: 1001,
          status: 'complete',
          paymentStatus: 'paid',
          amountTotalCents: 10899,
          currency: 'eur',
        },
      });
    });

    it('maps expired, async success (when paid) and other events', async () => {
      const { sessionId } = await provider.createCheckoutSession(input());
      fake.expire(sessionId);
      const expired = fake.signedEvent('checkout.session.expired', sessionId);
      expect(provider.parseWebhook(expired.body, expired.signature).type).toBe('checkout.session.expired');

      const paid = fake.signedEvent('checkout.session.async_payment_succeeded', sessionId, {
        session: { status: 'complete', payment_status: 'paid' },
      });
      const asyncEvent = provider.parseWebhook(paid.body, paid.signature);
      expect(asyncEvent.type).toBe('checkout.session.completed');
      expect(asyncEvent.rawType).toBe('checkout.session.async_payment_succeeded');

      const failed = fake.signedEvent('checkout.session.async_payment_failed', sessionId);
      expect(provider.parseWebhook(failed.body, failed.signature).type).toBe(
        'checkout.session.async_payment_failed',
      );
      const other = fake.signedEvent('checkout.session.async_payment_failed', sessionId, {
        session: { object: 'payment_intent' } as never,
      });
      expect(provider.parseWebhook(other.body, other.signature).type).toBe('other');

      const completedUnpaid = fake.signedEvent('checkout.session.completed', sessionId, {
        session: { status: 'complete', payment_status: 'unpaid' },
      });
      const unpaid = provider.parseWebhook(completedUnpaid.body, completedUnpaid.signature);
      expect(unpaid.type).toBe('checkout.session.completed');
      expect(unpaid.session?.paymentStatus).toBe('unpaid');
    });

    it('rejects a tampered body, a re-serialised body, a wrong secret, a missing header and a stale event', async () => {
      const { sessionId } = await provider.createCheckoutSession(input());
      fake.complete(sessionId);
      const { body, signature } = fake.signedEvent('checkout.session.completed', sessionId);

      const tampered = body.replace('"amount_total": 10899', '"amount_total": 1');
      expect(tampered).not.toBe(body);
      expect(() => provider.parseWebhook(tampered, signature)).toThrow(WebhookSignatureError);

      const reserialised = JSON.stringify(JSON.parse(body));
      expect(() => provider.parseWebhook(reserialised, signature)).toThrow(WebhookSignatureError);

      const wrong = fake.signedEvent('checkout.session.completed', sessionId, {
        secret: 'whsec_not_the_right_one',
      });
      expect(() => provider.parseWebhook(wrong.body, wrong.signature)).toThrow(WebhookSignatureError);

      expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, '')).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, 'garbage')).toThrow(WebhookSignatureError);

      const stale = fake.signedEvent('checkout.session.completed', sessionId, {
        timestamp: Math.floor(Date.now() / 1000) - 301,
      });
      expect(() => provider.parseWebhook(stale.body, stale.signature)).toThrow(/tolerance/);
      expect(() => provider.parseWebhook(stale.body, stale.signature)).toThrow(WebhookSignatureError);

      const recent = fake.signedEvent('checkout.session.completed', sessionId, {
        timestamp: Math.floor(Date.now() / 1000) - 290,
      });
      expect(provider.parseWebhook(recent.body, recent.signature).type).toBe('checkout.session.completed');
    });
  });

  describe('refund and dispute events', () => {
    async function paidSession(): Promise<string> {
      const { sessionId } = await provider.createCheckoutSession(input());
      fake.complete(sessionId);
      return sessionId;
    }

    it('parses charge.refunded and charge.dispute.* into the port’s charge and dispute', async () => {
      const sessionId = await paidSession();
      const intent = fake.sessions.get(sessionId)?.payment_intent ?? '';
      fake.refundInDashboard(sessionId, 1000);
      const refunded = fake.signedObjectEvent('charge.refunded', fake.chargeOf(sessionId));
      const parsed = provider.parseWebhook(refunded.body, refunded.signature);
      expect(parsed).toMatchObject({
        type: 'charge.refunded',
        session: null,
        charge: { paymentId: intent, amountCents: 5999 + 2 * 2450, amountRefundedCents: 1000 },
      });
      const closed = fake.signedObjectEvent(
        'charge.dispute.closed',
        fake.disputeOf(sessionId, { id: 'dp_1', status: 'lost', reason: 'fraudulent' }),
      );
      expect(provider.parseWebhook(closed.body, closed.signature)).toMatchObject({
        type: 'charge.dispute.closed',
        dispute: { disputeId: 'dp_1', paymentId: intent, status: 'lost', reason: 'fraudulent' },
      });
      // A refund event carrying something else than a charge is not acted on.
      const odd = fake.signedObjectEvent('charge.refunded', { id: 'x', object: 'refund' });
      expect(provider.parseWebhook(odd.body, odd.signature).type).toBe('other');
    });

    it('finds the session of a payment and lists its refunds; unknown payments give nothing', async () => {
      const sessionId = await paidSession();
      const intent = fake.sessions.get(sessionId)?.payment_intent ?? '';
      expect(await provider.findSessionOfPayment(intent)).toBe(sessionId);
      expect(await provider.findSessionOfPayment('pi_unknown')).toBeNull();
      const a = fake.refundInDashboard(sessionId, 700);
      const b = fake.refundInDashboard(sessionId, 300);
      const refunds = await provider.listRefunds(intent);
      expect(refunds.map((r) => [r.refundId, r.amountCents, r.status]).sort()).toEqual(
        [
          [a.id, 700, 'succeeded'],
          [b.id, 300, 'succeeded'],
        ].sort(),
      );
      expect(await provider.listRefunds('pi_unknown')).toEqual([]);
    });
  });

  describe('dispute evidence', () => {
    // Bytes a text round trip would damage: the upload must arrive as sent.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d, 0x80]),
      Buffer.from('\n%%EOF\n'),
    ]);

    function evidence(overrides: Partial<DisputeEvidence> = {}): DisputeEvidence {
      return {
        customerName: 'Jane Doe',
        customerEmail: 'jane.doe@keyland.test',
        customerPurchaseIp: '203.0.113.7',
        productDescription: 'Digital activation keys: 1 × Elden Ring (Steam key).',
        serviceDate: '2026-11-26 08:00 UTC',
        accessActivityLog:
          '2026-11-26 08:01:02 UTC — revealed key #7 — IP 203.0.113.7\n2026-11-26 08:01:09 UTC — copied key #7 — IP 203.0.113.7',
        uncategorizedText: 'Order #1001, paid 2026-11-26 08:00 UTC. Invoice KL-2026-000001.',
        receipt: { filename: 'KL-2026-000001.pdf', contentType: 'application/pdf', data: pdf },
        ...overrides,
      };
    }

    async function disputedPayment(id: string, dueBy?: number): Promise<string> {
      const { sessionId } = await provider.createCheckoutSession(input({ idempotencyKey: `checkout-${id}` }));
      fake.complete(sessionId);
      fake.disputeOf(sessionId, { id, status: 'needs_response', ...(dueBy ? { dueBy } : {}) });
      return sessionId;
    }

    it('reads the evidence deadline of a dispute event (none when Stripe allows no response)', async () => {
      const dueBy = Math.floor(Date.now() / 1000) + 9 * 24 * 3600;
      const sessionId = await disputedPayment('dp_due', dueBy);
      const created = fake.signedObjectEvent(
        'charge.dispute.created',
        fake.disputeOf(sessionId, { id: 'dp_due', status: 'needs_response' }),
      );
      expect(provider.parseWebhook(created.body, created.signature).dispute?.evidenceDueBy).toEqual(
        new Date(dueBy * 1000),
      );
      const none = fake.signedObjectEvent(
        'charge.dispute.created',
        fake.disputeOf(sessionId, { id: 'dp_due', status: 'needs_response', dueBy: 0 }),
      );
      expect(provider.parseWebhook(none.body, none.signature).dispute?.evidenceDueBy).toBeNull();
    });

    it('uploads the invoice to the configured API base, then submits the evidence fields with submit=true', async () => {
      await disputedPayment('dp_ev_1');
      fake.requests.length = 0;
      await provider.submitDisputeEvidence('dp_ev_1', evidence(), 'keyland-dispute-evidence-dp_ev_1-a');

      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v1/files',
        'POST /v1/disputes/dp_ev_1',
      ]);
      const [upload, update] = fake.requests;
      if (!upload || !update) throw new Error('no requests');
      // The SDK's default upload host is files.stripe.com: reaching the stand-in proves the routing.
      expect(upload.headers.host).toBe(new URL(fake.apiBase).host);
      expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.headers['idempotency-key']).toBe('keyland-dispute-evidence-dp_ev_1-a-receipt');
      expect(upload.form.purpose).toBe('dispute_evidence');
      expect(upload.uploads.file?.filename).toBe('KL-2026-000001.pdf');
      expect(upload.uploads.file?.type).toBe('application/pdf');
      expect(upload.uploads.file?.data.equals(pdf)).toBe(true);
      const [file] = [...fake.files.values()];
      expect(file).toMatchObject({ purpose: 'dispute_evidence', type: 'pdf', size: pdf.length });

      expect(update.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(update.headers['idempotency-key']).toBe('keyland-dispute-evidence-dp_ev_1-a');
      expect(update.form.submit).toBe('true');
      expect(update.form.evidence).toEqual({
        customer_name: 'Jane Doe',
        customer_email_address: 'jane.doe@keyland.test',
        customer_purchase_ip: '203.0.113.7',
        product_description: 'Digital activation keys: 1 × Elden Ring (Steam key).',
        service_date: '2026-11-26 08:00 UTC',
        access_activity_log: evidence().accessActivityLog,
        uncategorized_text: 'Order #1001, paid 2026-11-26 08:00 UTC. Invoice KL-2026-000001.',
        receipt: file?.id,
      });
      const dispute = fake.disputes.get('dp_ev_1');
      expect(dispute?.status).toBe('under_review');
      expect(dispute?.evidence_details).toMatchObject({ has_evidence: true, submission_count: 1 });
      expect(dispute?.evidence.receipt).toBe(file?.id);
    });

    it('sends no file without a receipt, leaves out an unknown address, and cuts a text past Stripe’s limit', async () => {
      await disputedPayment('dp_ev_2');
      fake.requests.length = 0;
      const { receipt: _receipt, ...withoutReceipt } = evidence({
        customerPurchaseIp: null,
        accessActivityLog: 'x'.repeat(25_000),
      });
      await provider.submitDisputeEvidence('dp_ev_2', withoutReceipt, 'keyland-dispute-evidence-dp_ev_2-a');
      expect(fake.requests.map((r) => r.path)).toEqual(['/v1/disputes/dp_ev_2']);
      const sent = fake.disputes.get('dp_ev_2')?.evidence;
      expect(sent?.customer_purchase_ip).toBeNull();
      expect(sent?.receipt).toBeNull();
      expect(sent?.access_activity_log).toHaveLength(20_000);
      expect(sent?.access_activity_log?.endsWith('[truncated]')).toBe(true);
    });

    it('a second submission is refused as Stripe refuses it; a retry of the first under its key is not', async () => {
      await disputedPayment('dp_ev_3');
      await provider.submitDisputeEvidence('dp_ev_3', evidence(), 'keyland-dispute-evidence-dp_ev_3-a');
      // The same request again (a lost answer): Stripe replays the first outcome, file included.
      await expect(
        provider.submitDisputeEvidence('dp_ev_3', evidence(), 'keyland-dispute-evidence-dp_ev_3-a'),
      ).resolves.toBeUndefined();
      expect(fake.files.size).toBe(1);

      const again = provider.submitDisputeEvidence(
        'dp_ev_3',
        evidence({ uncategorizedText: 'Something more.' }),
        'keyland-dispute-evidence-dp_ev_3-b',
      );
      await expect(again).rejects.toThrow(PaymentProviderError);
      await expect(again).rejects.toThrow(
        /invalid_request_error \(HTTP 400\): The evidence for this dispute has already been submitted/,
      );
      const dispute = fake.disputes.get('dp_ev_3');
      expect(dispute?.evidence_details.submission_count).toBe(1);
      expect(dispute?.evidence.uncategorized_text).toBe(evidence().uncategorizedText);
    });

    it('evidence for an unknown or closed dispute is refused', async () => {
      const { receipt: _receipt, ...texts } = evidence();
      await expect(provider.submitDisputeEvidence('dp_unknown', texts, 'k-unknown')).rejects.toThrow(
        /resource_missing \(HTTP 404\)/,
      );
      const sessionId = await disputedPayment('dp_ev_4');
      fake.disputeOf(sessionId, { id: 'dp_ev_4', status: 'lost' });
      await expect(provider.submitDisputeEvidence('dp_ev_4', texts, 'k-closed')).rejects.toThrow(
        /already closed/,
      );
    });
  });

  describe('provider errors', () => {
    it('a wrong secret key (401) is a PaymentProviderError that names no key', async () => {
      const wrongKey = 'sk_test_thisIsNotTheRightKey1234567890';
      const wrong = createStripeProvider(
        { secretKey: wrongKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase },
        { maxNetworkRetries: 0 },
      );
      const err = await wrong.createCheckoutSession(input()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      const message = (err as Error).message;
      expect(message).toMatch(/HTTP 401/);
      expect(message).not.toContain(wrongKey);
      expect(message).not.toContain(fake.secretKey);
      expect(message).not.toMatch(/sk_test_/);
      expect(fake.sessions.size).toBe(0);

      const retrieveErr = await wrong.retrieveSession('cs_test_x').catch((e: unknown) => e);
      expect(retrieveErr).toBeInstanceOf(PaymentProviderError);
      expect((retrieveErr as Error).message).not.toContain(wrongKey);
    });

    it('a 500 is a PaymentProviderError without the secret key', async () => {
      fake.failNext('server_error');
      const err = await provider.createCheckoutSession(input()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect((err as Error).message).toMatch(/HTTP 500/);
      expect((err as Error).message).not.toContain(fake.secretKey);

      fake.failNext('server_error');
      await expect(provider.retrieveSession('cs_test_x')).rejects.toBeInstanceOf(PaymentProviderError);
    });

    it('a dropped connection and a timeout are PaymentProviderErrors', async () => {
      fake.failNext('disconnect', 2); // the SDK retries a closed connection once even without retries
      await expect(provider.createCheckoutSession(input())).rejects.toBeInstanceOf(PaymentProviderError);

      const impatient = createStripeProvider(
        { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.apiBase },
        { maxNetworkRetries: 0, timeoutMs: 200 },
      );
      fake.failNext('hang');
      const err = await impatient.retrieveSession('cs_test_x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect((err as Error).message).not.toContain(fake.secretKey);
    });
  });
});

describe('the stand-in Stripe', () => {
  it('parses both bracket encodings into nested objects and indexed arrays', () => {
    const raw =
      'line_items[0][price_data][unit_amount]=5999&line_items%5B0%5D%5Bquantity%5D=1&expand[]=line_items';
    expect(parseStripeForm(raw)).toEqual({
      line_items: [{ price_data: { unit_amount: '5999' }, quantity: '1' }],
      expand: ['line_items'],
    });
  });

  it('answers validation errors in Stripe’s envelope, with the param, and does not save them under the key', async () => {
    const fake = await startFakeStripe();
    try {
      const post = (body: string, key?: string) =>
        fetch(`${fake.apiBase}/v1/checkout/sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${fake.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body,
        });
      const bad = await post(
        'mode=payment&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=59.99&line_items[0][price_data][product_data][name]=X&line_items[0][quantity]=1',
        'k1',
      );
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        error: {
          type: 'invalid_request_error',
          message: 'Invalid integer: 59.99',
          param: 'line_items[0][price_data][unit_amount]',
        },
      });
      const fixed = await post(
        'mode=payment&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=5999&line_items[0][price_data][product_data][name]=X&line_items[0][quantity]=1',
        'k1',
      );
      expect(fixed.status).toBe(200);

      const json = await fetch(`${fake.apiBase}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'payment' }),
      });
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'mode' } });

      const unauth = await fetch(`${fake.apiBase}/v1/checkout/sessions/cs_test_x`);
      expect(unauth.status).toBe(401);
      expect(await unauth.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    } finally {
      await fake.close();
    }
  });
});
