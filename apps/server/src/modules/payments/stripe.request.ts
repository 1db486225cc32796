import Stripe from 'stripe';
import { exponentialBackoff, type RetryOptions } from '../../lib/retry.ts';
import { type CreateCheckoutInput, type DisputeEvidence, PaymentProviderError } from './payment.port.ts';

/** What goes out to Stripe: where to, checked input, which failures are tried again, and safe errors. */

export function parseApiBase(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new PaymentProviderError(`Stripe API base is not a URL: ${apiBase}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PaymentProviderError(`Stripe API base must be http or https: ${apiBase}`);
  }
  if (url.pathname !== '/' && url.pathname !== '') {
    throw new PaymentProviderError(`Stripe API base must be an origin without a path: ${apiBase}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  // `URL.hostname` keeps the brackets of an IPv6 literal; the SDK hands the host to node:http as is.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port, protocol };
}

/** Removes the secret key and anything shaped like a Stripe secret or restricted key from a message. */
function redact(text: string, secretKey: string): string {
  let out = secretKey ? text.split(secretKey).join('[redacted]') : text;
  out = out.replace(/\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9*]+/g, '[redacted]');
  return out;
}

export function validateInput(input: CreateCheckoutInput): void {
  const problems: string[] = [];
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0)
    problems.push('orderId must be a positive integer');
  if (input.lines.length === 0) problems.push('at least one line is required');
  if (input.lines.length > 100) problems.push('at most 100 lines are allowed');
  let sum = 0;
  input.lines.forEach((line, i) => {
    if (!line.title.trim()) problems.push(`line ${i}: title is empty`);
    if (!Number.isSafeInteger(line.unitAmountCents) || line.unitAmountCents < 0) {
      problems.push(`line ${i}: unitAmountCents must be a non-negative integer`);
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      problems.push(`line ${i}: quantity must be a positive integer`);
    }
    sum += line.unitAmountCents * line.quantity;
  });
  if (sum !== input.totalCents)
    problems.push(`totalCents ${input.totalCents} differs from the lines' sum ${sum}`);
  if (Number.isNaN(input.expiresAt.getTime())) problems.push('expiresAt is not a valid date');
  if (!input.idempotencyKey || input.idempotencyKey.length > 255) {
    problems.push('idempotencyKey must have 1 to 255 characters');
  }
  if (problems.length > 0) {
    throw new PaymentProviderError(`Invalid checkout for order ${input.orderId}: ${problems.join('; ')}`);
  }
}

/** Stripe's limit for each text field of dispute evidence. */
const EVIDENCE_TEXT_MAX = 20_000;

/** A text cut to Stripe's limit, saying so at its end rather than being refused as a whole. */
function clipEvidence(text: string): string {
  if (text.length <= EVIDENCE_TEXT_MAX) return text;
  const note = '\n[truncated]';
  return `${text.slice(0, EVIDENCE_TEXT_MAX - note.length)}${note}`;
}

/** The port's evidence in Stripe's `evidence[...]` fields; `receipt` is the id of the uploaded file. */
export function toStripeEvidence(
  evidence: DisputeEvidence,
  receipt: string | undefined,
): Stripe.DisputeUpdateParams.Evidence {
  return {
    customer_name: evidence.customerName,
    customer_email_address: evidence.customerEmail,
    ...(evidence.customerPurchaseIp ? { customer_purchase_ip: evidence.customerPurchaseIp } : {}),
    product_description: clipEvidence(evidence.productDescription),
    service_date: evidence.serviceDate,
    access_activity_log: clipEvidence(evidence.accessActivityLog),
    uncategorized_text: clipEvidence(evidence.uncategorizedText),
    ...(receipt ? { receipt } : {}),
  };
}

/** Whether a failed Stripe call may succeed when repeated with the same Idempotency-Key. */
function isTransient(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  if (err.statusCode === undefined) return err instanceof Stripe.errors.StripeConnectionError;
  return err.statusCode === 409 || err.statusCode === 429 || err.statusCode >= 500;
}

/**
 * Stripe calls are tried `retries` more times after a transient failure, with the same Idempotency-Key,
 * waiting a doubling delay from `baseDelayMs` (at most 8 s) with jitter.
 */
export function stripeRetryOptions(retries: number, baseDelayMs: number): RetryOptions {
  return {
    attempts: retries + 1,
    retryOn: isTransient,
    backoff: exponentialBackoff({ firstMs: baseDelayMs, maxMs: 8_000, jitter: 'half' }),
  };
}

/** Turns whatever the SDK threw into a PaymentProviderError whose message carries no secret. */
export function stripeFailure(operation: string, err: unknown, secretKey: string): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ? ` (HTTP ${err.statusCode})` : '';
    const code = err.code ? ` ${err.code}` : '';
    const requestId = err.requestId ? ` [${err.requestId}]` : '';
    const message = `Stripe ${operation} failed: ${err.rawType ?? err.type}${code}${status}: ${err.message}${requestId}`;
    return new PaymentProviderError(redact(message, secretKey), {
      cause: {
        type: err.rawType ?? err.type,
        code: err.code,
        statusCode: err.statusCode,
        requestId: err.requestId,
      },
    });
  }
  const text = err instanceof Error ? err.message : String(err);
  return new PaymentProviderError(redact(`Stripe ${operation} failed: ${text}`, secretKey));
}
