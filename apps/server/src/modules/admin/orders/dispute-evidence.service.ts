import { createHash, randomUUID } from 'node:crypto';
import { formatEuros } from '@keyland/core/money';
import type { DisputeEvidenceSummary } from '@keyland/core/schemas/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { findAccount } from '../../accounts/index.ts';
import { auditTrail } from '../../audit/index.ts';
import { giftOfOrder } from '../../gifts/index.ts';
import { invoiceOfOrder, renderInvoicePdf } from '../../invoices/index.ts';
import { mailsWithInvoice } from '../../mail/index.ts';
import { type KeyAccessRow, keyAccessLogOf, type OrderRow, ordersIn } from '../../orders/index.ts';
import type { DisputeEvidence, PaymentProvider } from '../../payments/index.ts';
import { stockIn } from '../../stock/index.ts';
import { createPaymentEventsRepository, type OrderDisputeRow } from './payment-events.repository.ts';

/**
 * A sender that went silent this long ago (a crash mid-call) gives its claim up: the provider call with its
 * retries takes a couple of minutes at most.
 */
const CLAIM_LEASE_MS = 10 * 60_000;
/** A dispute without a deadline is answered for this long after it opened (card networks allow weeks). */
const NO_DEADLINE_WINDOW_MS = 21 * 24 * 60 * 60_000;
/** The provider's limit on a text field is 20,000 characters; the access log stays within it with room. */
const ACCESS_LOG_MAX_CHARS = 19_000;

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const utcSeconds = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** One line per access, the oldest first, cut (saying how many are left out) to fit the provider's field. */
export function accessActivityLog(
  accesses: readonly KeyAccessRow[],
  keyLabel: (keyId: number) => string,
): string {
  if (accesses.length === 0)
    return 'No reveal, copy or download of the keys was recorded in the customer’s order history.';
  const lines: string[] = [];
  let length = 0;
  for (const [index, access] of accesses.entries()) {
    const line = [
      utcSeconds(access.at),
      `${{ reveal: 'revealed', copy: 'copied', download: 'downloaded' }[access.action]} ${keyLabel(access.keyId)}`,
      `IP ${access.ip ?? 'unknown'}`,
      ...(access.userAgent ? [`browser: ${access.userAgent}`] : []),
    ].join(' — ');
    const rest = accesses.length - index;
    if (length + line.length + 1 > ACCESS_LOG_MAX_CHARS - 80) {
      lines.push(`… and ${rest} more ${rest === 1 ? 'access' : 'accesses'} not listed here.`);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The idempotency key of a submission, from its content: sending the same evidence again (a retry after a
 * lost answer) replays the provider's first outcome instead of being refused as a second submission, while
 * evidence that changed since (a new reveal) is a new request, which the provider refuses if the first
 * went through.
 */
function submissionKey(disputeId: string, evidence: DisputeEvidence): string {
  const { receipt, ...texts } = evidence;
  const digest = createHash('sha256')
    .update(JSON.stringify(texts))
    .update(receipt ? receipt.data : Buffer.alloc(0))
    .digest('hex')
    .slice(0, 24);
  return `keyland-dispute-evidence-${disputeId}-${digest}`;
}

export interface DisputeEvidenceDeps {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The store's answer to a dispute, sent once through the provider: who bought (name, e-mail, the address
 * the order was placed from), what and when it was delivered, the consent to immediate delivery, the invoice
 * (as the receipt), the keys mail, and every reveal and copy of the keys in the customer's history.
 *
 * Exactly once per dispute: a conditional update claims the dispute for one sender (a replayed event, a
 * `created` racing a `closed`, two instances, the retry job), and the provider is called outside any
 * database transaction (a slow provider must hold no row locks, and PGlite has a single connection).
 * A failed attempt gives the claim back with its reason; the `dispute-evidence` job tries again until the
 * deadline.
 */
export function createDisputeEvidence(deps: DisputeEvidenceDeps) {
  const { db, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  const disputes = createPaymentEventsRepository(db);

  /** What the store knows of the order, from the rooms that own it, read outside any transaction. */
  async function gather(
    order: OrderRow,
  ): Promise<{ evidence: DisputeEvidence; summary: DisputeEvidenceSummary }> {
    const orders = ordersIn(db);
    const account = await findAccount(db, order.customerId);
    const consent = await orders.consentOf(order.id);
    const lines = await orders.lines(order.id);
    const keys = (await stockIn(db).keysOfOrder(order.id)).filter((key) => key.soldAt !== null);
    const accesses = await keyAccessLogOf(db, order.id);
    const gift = await giftOfOrder(db, order.id);
    const invoice = await invoiceOfOrder(db, order.id, 'invoice');
    const pdf = invoice ? await renderInvoicePdf(invoice) : undefined;
    const keysMail = invoice
      ? (await mailsWithInvoice(db, invoice.id)).find((mail) => mail.kind === 'order_keys')
      : undefined;

    const lineOf = new Map(lines.map((line) => [line.id, line]));
    const lineOfKey = new Map(keys.map((key) => [key.id, lineOf.get(key.orderLineId ?? 0)]));
    const keyLabel = (keyId: number) => {
      const line = lineOfKey.get(keyId);
      return line ? `key #${keyId} (${line.title}, ${line.platform})` : `key #${keyId}`;
    };
    const deliveries = keys.map((key) => key.soldAt as Date).sort((a, b) => a.getTime() - b.getTime());
    const [firstDelivery] = deliveries;
    const lastDelivery = deliveries.at(-1);
    const paidAt = order.paidAt ?? order.createdAt;
    // The invoice keeps the buyer as they were when paying, should the account be gone.
    const customerName = account?.fullName ?? invoice?.customerName ?? '';
    const customerEmail = account?.email ?? invoice?.customerEmail ?? '';

    const items = lines.map((line) => `${line.quantity} × ${line.title} (${line.platform} key)`).join('; ');
    const delivered = !firstDelivery
      ? 'The keys were not delivered.'
      : `Keys delivered ${utc(firstDelivery)}${
          lastDelivery && lastDelivery.getTime() !== firstDelivery.getTime() ? ` to ${utc(lastDelivery)}` : ''
        }: ${
          gift
            ? 'shown once, on the gift page the buyer had the store send to the recipient.'
            : 'shown on the order confirmation page and in the customer’s order history on our store.'
        }`;
    const mailed = !keysMail
      ? 'No e-mail with the keys is on record.'
      : `E-mail with the keys and the invoice queued ${utc(keysMail.queuedAt)}${
          keysMail.sentAt ? ` and sent ${utc(keysMail.sentAt)}` : ', not sent yet'
        } to ${customerEmail}.`;
    const consented = !consent
      ? 'No consent record is on file for this order.'
      : 'Before paying, the customer gave express consent to immediate delivery and acknowledged losing ' +
        'the right of withdrawal (Directive 2011/83/EU, art. 16(m)). ' +
        `Consent recorded ${utc(consent.recordedAt)} from IP ${consent.ip ?? 'unknown'} ` +
        `(the customer’s browser reported ${consent.clientTimestamp}; terms version ${consent.termsVersion}), ` +
        `with the text: "${consent.text}"`;
    const paid =
      `Order #${order.id}, paid ${utc(paidAt)}, total ${formatEuros(order.amountTotalCents, 'en')}.` +
      (invoice ? ` Invoice ${invoice.number} (attached as the receipt).` : '');
    const used = gift
      ? `The order was a gift: at checkout the buyer asked for the keys to go by e-mail to ${
          gift.recipientEmail ?? 'a recipient (address since erased)'
        }${gift.deliverOn ? ` on ${gift.deliverOn}` : ''}. ${
          gift.sentAt ? `The gift link was sent ${utc(gift.sentAt)}` : 'The gift link was not sent'
        }${gift.openedAt ? ` and opened ${utc(gift.openedAt)}` : ', and not opened'}; the keys were revealed ${
          accesses.length
        } ${accesses.length === 1 ? 'time' : 'times'} on the gift page (see the access activity log).`
      : `The customer revealed or copied the keys ${accesses.length} ${
          accesses.length === 1 ? 'time' : 'times'
        } in their order history (see the access activity log).`;

    const texts = {
      customerName,
      customerEmail,
      customerPurchaseIp: consent?.ip ?? null,
      productDescription: `Digital activation keys for video games, delivered electronically right after payment: ${items}.`,
      serviceDate: utc(firstDelivery ?? paidAt),
      accessActivityLog: accessActivityLog(accesses, keyLabel),
      uncategorizedText: [paid, consented, delivered, mailed, used].join('\n\n'),
    };
    const receipt =
      invoice && pdf
        ? { filename: `${invoice.number}.pdf`, contentType: 'application/pdf' as const, data: pdf }
        : undefined;
    return {
      evidence: receipt ? { ...texts, receipt } : texts,
      summary: {
        ...texts,
        accesses: accesses.length,
        invoiceNumber: invoice?.number ?? null,
        receipt: receipt !== undefined,
      },
    };
  }

  /** Claims, gathers, sends and records; answers whether this call sent the evidence. */
  async function submit(dispute: OrderDisputeRow): Promise<boolean> {
    if (dispute.status !== 'open' || dispute.evidenceSubmittedAt) return false;
    const at = now();
    const token = randomUUID();
    const claimed = await disputes.claimEvidence(
      dispute.id,
      { submitting: token, since: at.toISOString() },
      new Date(at.getTime() - CLAIM_LEASE_MS),
    );
    if (!claimed) return false;
    let summary: DisputeEvidenceSummary;
    try {
      const order = await ordersIn(db).findOrder(claimed.orderId);
      if (!order) throw new Error(`order ${claimed.orderId} is gone`);
      const gathered = await gather(order);
      summary = gathered.summary;
      await provider.submitDisputeEvidence(
        claimed.providerDisputeId,
        gathered.evidence,
        submissionKey(claimed.providerDisputeId, gathered.evidence),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error(
        { orderId: claimed.orderId, disputeId: claimed.providerDisputeId, err: message },
        'dispute evidence not submitted',
      );
      await disputes.recordEvidenceFailed(claimed.id, token, message);
      return false;
    }
    const sentAt = now();
    await db.transaction(async (tx) => {
      if (!(await createPaymentEventsRepository(tx).recordEvidenceSent(claimed.id, token, sentAt, summary)))
        return;
      await auditTrail(tx).recordProviderEvent({
        action: 'order.dispute.evidence',
        targetType: 'order',
        targetId: claimed.orderId,
        before: { evidenceSubmittedAt: null },
        after: {
          disputeId: claimed.providerDisputeId,
          evidenceSubmittedAt: sentAt.toISOString(),
          accesses: summary.accesses,
          invoiceNumber: summary.invoiceNumber,
          receipt: summary.receipt,
          provider: provider.kind,
        },
      });
    });
    return true;
  }

  return {
    submit,

    /** Sends the evidence of every open dispute that still needs it (the retry job); answers how many. */
    async submitPending(limit = 20): Promise<number> {
      const at = now();
      const due = await disputes.awaitingEvidence(
        at,
        new Date(at.getTime() - NO_DEADLINE_WINDOW_MS),
        new Date(at.getTime() - CLAIM_LEASE_MS),
        limit,
      );
      let sent = 0;
      for (const { id } of due) {
        const dispute = await disputes.disputeById(id);
        if (dispute && (await submit(dispute))) sent += 1;
      }
      return sent;
    },
  };
}

export type DisputeEvidenceSender = ReturnType<typeof createDisputeEvidence>;
