import { randomBytes } from 'node:crypto';
import { formatEuros } from '@keyland/core/money';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LOCAL_TEST_CARDS, localCardFingerprint, toSessionState } from './local.provider.ts';
import type { LocalPaymentRepository, LocalSession } from './local-payment.repository.ts';
import { signPayload } from './webhook-signature.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Test accounts of the local bank transfer (as the card provider's SEPA test IBANs): one settles, one fails. */
export const TEST_IBANS = { succeeds: 'DE89370400440532013000', fails: 'DE62370400440532013001' } as const;

/** How long a local bank transfer takes to settle (a few seconds: long enough to see the order wait). */
export const LOCAL_TRANSFER_SETTLE_MS = 3_000;

const sessionParams = z.object({ sessionId: z.string().regex(/^cs_local_[0-9a-f]{32}$/) });

function page(session: LocalSession, notice?: { kind: 'error' | 'info'; text: string }): string {
  const lines = (JSON.parse(session.lines) as { title: string; unitAmountCents: number; quantity: number }[])
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.title)} × ${line.quantity}</span><span>${formatEuros(line.unitAmountCents * line.quantity, 'en')}</span></li>`,
    )
    .join('');
  const open = session.status === 'open' && session.expiresAt.getTime() > Date.now();
  const form = open
    ? `<form method="post" action="/pay/local/${session.id}/pay">
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required value="" placeholder="4242 4242 4242 4242">
  <div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12 / 34" required></div>
  <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
  <button type="submit">Pay ${formatEuros(session.amountTotalCents, 'en')}</button>
</form>
<h2>Or pay by bank transfer</h2>
<p class="muted">A delayed method: the order waits while the transfer settles, a few seconds here. IBAN ${TEST_IBANS.succeeds} settles, ${TEST_IBANS.fails} fails.</p>
<form method="post" action="/pay/local/${session.id}/transfer">
  <label for="iban">IBAN</label>
  <input id="iban" name="iban" autocomplete="off" required value="" placeholder="${TEST_IBANS.succeeds}">
  <button type="submit">Send a bank transfer of ${formatEuros(session.amountTotalCents, 'en')}</button>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and return to the store</a></p>`
    : `<p>This checkout session is ${session.status === 'complete' ? 'already paid' : 'no longer open'}.</p><p><a href="${escapeHtml(session.cancelUrl)}">Return to the store</a></p>`;
  const message = notice ? `<p class="${notice.kind}" role="alert">${escapeHtml(notice.text)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · Keyland</title>
<style>
body{font-family:system-ui,sans-serif;background:#0b0f0d;color:#e5e7eb;margin:0;padding:24px;display:flex;justify-content:center}
main{width:100%;max-width:420px;background:#111827;border-radius:16px;padding:24px;box-shadow:0 10px 30px #0008}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 4px}.muted{color:#9ca3af;font-size:14px;margin:0 0 16px}
ul{list-style:none;padding:0;margin:0 0 16px}li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid #1f2937}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:12px;border-radius:8px;border:1px solid #374151;background:#0b0f0d;color:#fff;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:20px;width:100%;padding:14px;border:0;border-radius:10px;background:#22c55e;color:#052e16;font-weight:700;font-size:16px;cursor:pointer}
a{color:#86efac}.error{background:#7f1d1d;padding:10px;border-radius:8px}.info{background:#1e3a8a;padding:10px;border-radius:8px}
</style></head><body><main>
<h1>Keyland test checkout</h1>
<p class="muted">Local payment provider for development and tests. Card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9235 pays with an elevated risk reported.</p>
${session.threeDSecureRequested ? '<p class="info" data-testid="three-d-secure">The store asked for 3-D Secure on this payment.</p>' : ''}
<ul>${lines}</ul><p><strong>Total ${formatEuros(session.amountTotalCents, 'en')}</strong></p>
${message}${form}
</main></body></html>`;
}

/**
 * The hosted checkout page of the local provider. Paying with the success card marks the session paid,
 * delivers a signed `checkout.session.completed` event to the store's webhook, then redirects to the
 * success URL with the session id, exactly as the card provider does.
 */
export const localCheckoutRoutes: FastifyPluginAsync<{
  repository: LocalPaymentRepository;
  webhookSecret: string;
}> = async (app, { repository, webhookSecret }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    '/pay/local/:sessionId',
    {
      schema: {
        hide: true,
        operationId: 'showLocalPaymentPage',
        summary: 'The local provider’s payment page',
      },
    },
    async (request, reply) => {
      const { sessionId } = sessionParams.parse(request.params);
      const session = await repository.find(sessionId);
      if (!session)
        return reply
          .status(404)
          .type('text/html')
          .send('<!doctype html><title>Not found</title><p>Unknown checkout session.</p>');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(session));
    },
  );

  app.post(
    '/pay/local/:sessionId/pay',
    { schema: { hide: true, operationId: 'payLocalPayment', summary: 'Pay on the local provider’s page' } },
    async (request, reply) => {
      const { sessionId } = sessionParams.parse(request.params);
      const form = z.object({ card: z.string().max(40).default('') }).parse(request.body ?? {});
      const session = await repository.find(sessionId);
      if (!session)
        return reply.status(404).type('text/html').send('<!doctype html><p>Unknown checkout session.</p>');
      const card = form.card.replace(/\D/g, '');
      const html = (notice: { kind: 'error' | 'info'; text: string }, status = 402) =>
        reply.status(status).type('text/html; charset=utf-8').send(page(session, notice));
      if (card === LOCAL_TEST_CARDS.declined) {
        await deliverFailure(app, webhookSecret, session, localCardFingerprint(card, session.customerEmail));
        return html({ kind: 'error', text: 'Your card was declined.' });
      }
      if (card !== LOCAL_TEST_CARDS.success && card !== LOCAL_TEST_CARDS.elevated) {
        return html(
          {
            kind: 'error',
            text: 'Use a test card: 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).',
          },
          400,
        );
      }
      const paid = await repository.complete(sessionId, localCardFingerprint(card, session.customerEmail));
      if (!paid) return html({ kind: 'info', text: 'This checkout session is no longer open.' }, 409);
      await deliverEvent(app, webhookSecret, 'checkout.session.completed', paid);
      return reply.redirect(paid.successUrl.replace('{CHECKOUT_SESSION_ID}', paid.id), 303);
    },
  );

  app.post(
    '/pay/local/:sessionId/transfer',
    {
      schema: {
        hide: true,
        operationId: 'payLocalTransfer',
        summary: 'Pay by the local provider’s delayed bank transfer',
      },
    },
    async (request, reply) => {
      const { sessionId } = sessionParams.parse(request.params);
      const form = z.object({ iban: z.string().max(60).default('') }).parse(request.body ?? {});
      const session = await repository.find(sessionId);
      if (!session)
        return reply.status(404).type('text/html').send('<!doctype html><p>Unknown checkout session.</p>');
      const iban = form.iban.replace(/\s/g, '').toUpperCase();
      const outcome =
        iban === TEST_IBANS.succeeds ? 'succeeds' : iban === TEST_IBANS.fails ? 'fails' : undefined;
      if (!outcome)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(
            page(session, {
              kind: 'error',
              text: `Use a test IBAN: ${TEST_IBANS.succeeds} (settles) or ${TEST_IBANS.fails} (fails).`,
            }),
          );
      const done = await repository.completeDelayed(
        sessionId,
        outcome,
        new Date(Date.now() + LOCAL_TRANSFER_SETTLE_MS),
      );
      if (!done)
        return reply
          .status(409)
          .type('text/html; charset=utf-8')
          .send(page(session, { kind: 'info', text: 'This checkout session is no longer open.' }));
      // As for a delayed method at the card provider: the session completes unpaid; the outcome follows.
      await deliverEvent(app, webhookSecret, 'checkout.session.completed', done);
      return reply.redirect(done.successUrl.replace('{CHECKOUT_SESSION_ID}', done.id), 303);
    },
  );
};

/**
 * Settles the local bank transfers due at `at`: each is marked paid or failed once, and the store is told
 * with `checkout.session.async_payment_succeeded` or `_failed`, as the card provider does for delayed
 * methods. Run by the `local-payment-settlement` job; answers how many it settled.
 */
export async function settleDueTransfers(
  app: FastifyInstance,
  repository: LocalPaymentRepository,
  webhookSecret: string,
  at: Date,
  limit = 20,
): Promise<number> {
  let settled = 0;
  for (const due of await repository.dueSettlements(at, limit)) {
    const session = await repository.settle(due.id);
    if (!session) continue;
    await post(
      app,
      webhookSecret,
      session.paymentStatus === 'paid'
        ? 'checkout.session.async_payment_succeeded'
        : 'checkout.session.async_payment_failed',
      toSessionState(session),
    );
    settled += 1;
  }
  return settled;
}

/** A refused card: the provider tells the store (its velocity limits count failed payments). */
function deliverFailure(
  app: FastifyInstance,
  webhookSecret: string,
  session: LocalSession,
  cardFingerprint: string,
): Promise<void> {
  return post(app, webhookSecret, 'payment_intent.payment_failed', {
    orderId: session.orderId,
    cardFingerprint,
    reason: 'card_declined',
  });
}

/** Sends a signed event to the store's own webhook endpoint, the way the provider would. */
export async function deliverEvent(
  app: FastifyInstance,
  webhookSecret: string,
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: LocalSession,
): Promise<void> {
  await post(app, webhookSecret, type, toSessionState(session));
}

async function post(
  app: FastifyInstance,
  webhookSecret: string,
  type: string,
  object: unknown,
): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  // Handed to the store's webhook handler in this process, signed as the provider signs it (not through
  // an injected request: that is refused while the process shuts down and finishes its requests).
  try {
    await app.checkout.handleWebhook(payload, signPayload(payload, webhookSecret));
  } catch (error) {
    app.log.warn({ type, err: (error as Error).message }, 'local payment event not accepted');
  }
}
