import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment.port.ts';

/** Seconds a signed event stays acceptable (the same tolerance the card provider's SDK uses). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * Signs a payload the way the card provider signs its webhooks: header `t=<unix>,v1=<hex>` where v1 is
 * HMAC-SHA256(secret, `${t}.${payload}`). The local provider uses it so that both adapters are verified
 * by the same kind of check.
 */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('No signature header');
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key === 't' && value) timestamp = Number(value);
    if (key === 'v1' && value) candidates.push(value);
  }
  if (timestamp === undefined || !Number.isFinite(timestamp) || candidates.length === 0) {
    throw new WebhookSignatureError('Malformed signature header');
  }
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Signature does not match');
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_S) throw new WebhookSignatureError('Signature too old');
}
