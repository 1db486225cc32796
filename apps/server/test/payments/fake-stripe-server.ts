import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the part of the Stripe API that Keyland uses — `POST /v1/checkout/sessions`,
 * `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`, `POST /v1/refunds`,
 * `GET /v1/checkout/sessions?payment_intent=`, `GET /v1/refunds?payment_intent=` — on a real HTTP server, following
 * shared/reference/apis.md §2: form-encoded bodies with bracketed keys, Bearer (or Basic) secret-key auth,
 * Stripe's error envelope and statuses, Idempotency-Key replay, and webhook events signed the way Stripe
 * signs them. Choices not settled by apis.md are marked "(fake)".
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export interface RecordedStripeRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Form;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as Stripe parses it (nested keys, indexed arrays); `{}` when it was not form-encoded. */
  form: Form;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  metadata: Record<string, string>;
  expires_at: number;
  created: number;
  livemode: false;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  ui_mode: string;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  /** Kept for `expand[]=line_items`; not part of the JSON unless expanded. */
  line_items_data: Array<Record<string, unknown>>;
}

/**
 * Faults for the next requests, one per request, in order:
 * - `server_error`: 500 `api_error` (not saved under the Idempotency-Key (fake): it stands for a failure in
 *   front of the API, so a retry with the same key executes).
 * - `rate_limit`: 429 with code `rate_limit`.
 * - `disconnect`: the connection is closed without an answer.
 * - `hang`: no answer at all, until the client gives up or the server closes.
 */
export type FakeStripeFault = 'server_error' | 'rate_limit' | 'disconnect' | 'hang';

export interface SignedEventOptions {
  /** Unix seconds of the signature (default now); an old one makes a stale event. */
  timestamp?: number;
  /** Sign with another secret (default the fake's webhook secret). */
  secret?: string;
  /** Overrides of the session snapshot carried by the event. */
  session?: Partial<FakeCheckoutSession>;
}

/** A refund made through `POST /v1/refunds` (fake: only `payment_intent`, `amount`, `reason`, `metadata`). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** Refunds created, in order (an idempotent replay adds none). */
  refunds: FakeRefund[];
  /** The customer pays: status `complete`, payment_status `paid` (or `unpaid` for a delayed method). */
  complete(id: string, options?: { paymentStatus?: 'paid' | 'unpaid'; email?: string }): FakeCheckoutSession;
  /** The session's time runs out: status `expired`, url null. */
  expire(id: string): FakeCheckoutSession;
  /** A webhook call as Stripe sends it: the raw (pretty-printed) JSON body and its Stripe-Signature header. */
  signedEvent(
    type: string,
    sessionId: string,
    options?: SignedEventOptions,
  ): { body: string; signature: string; event: Record<string, unknown> };
  failNext(kind: FakeStripeFault, times?: number): void;
  /** A refund made in the Stripe Dashboard (not through the API): recorded like an API refund. */
  refundInDashboard(sessionId: string, amount?: number): FakeRefund;
  /** The charge of a paid session, as `charge.refunded` carries it (`amount_refunded` from the refunds). */
  chargeOf(sessionId: string): Record<string, unknown>;
  /** A dispute on a paid session's charge (`charge.dispute.*`). */
  disputeOf(
    sessionId: string,
    dispute: { id: string; status: string; reason?: string },
  ): Record<string, unknown>;
  /** Any object wrapped in a signed event envelope (`charge.refunded`, `charge.dispute.created`…). */
  signedObjectEvent(
    type: string,
    object: Record<string, unknown>,
    options?: Omit<SignedEventOptions, 'session'>,
  ): { body: string; signature: string; event: Record<string, unknown> };
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
}

const KNOWN_CREATE_PARAMS = new Set([
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_creation',
  'customer_email',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'invoice_creation',
  'line_items',
  'locale',
  'metadata',
  'mode',
  'payment_intent_data',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'submit_type',
  'success_url',
  'ui_mode',
]);

/** The API version from which `payment_method_types` is gone from Checkout (stripe-node 23.0.0 changelog). */
const PAYMENT_METHOD_TYPES_REMOVED_IN = '2026-09-30';

/** Lowercase ISO codes the fake accepts (a subset of Stripe's list) (fake). */
const CURRENCIES = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'sek',
  'dkk',
  'nok',
  'pln',
  'czk',
  'huf',
  'ron',
  'bgn',
]);
/** Stripe's minimum charge in EUR is €0.50. */
const MIN_AMOUNT_CENTS = 50;

class StripeHttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message ?? 'error'));
    this.status = status;
    this.body = body;
  }
}

function invalid(message: string, param?: string, code?: string, status = 400): StripeHttpError {
  return new StripeHttpError(status, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
  });
}

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `${prefix}${out}`;
}

/** Splits `a[b][0][c]` into `['a','b','0','c']`; `a[]` gives an empty last segment (append). */
function splitKey(key: string): string[] | null {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const rest = key.slice(first);
  const re = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    parts.push(m[1] ?? '');
    consumed = re.lastIndex;
  }
  return consumed === rest.length && parts[0] !== '' ? parts : null;
}

function isPlainObject(value: unknown): value is { [key: string]: FormValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Indexed hashes (`{0:…,1:…}`) become arrays, as Stripe reads `line_items[0]`. */
function arrayify(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.map(arrayify);
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^(0|[1-9][0-9]*)$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => arrayify(value[String(k)] as FormValue));
  }
  const out: { [key: string]: FormValue } = {};
  for (const k of keys) out[k] = arrayify(value[k] as FormValue);
  return out;
}

/** Parses `application/x-www-form-urlencoded` the way Stripe does; `[`/`]` may be raw or %5B/%5D. */
export function parseStripeForm(text: string): Form {
  const root: { [key: string]: FormValue } = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = splitKey(key);
    if (!path) throw invalid(`Invalid parameter name: ${key}`, key);
    let node: { [key: string]: FormValue } | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i] as string;
      const last = i === path.length - 1;
      if (Array.isArray(node)) {
        if (last) node.push(value);
        else {
          const child: { [key: string]: FormValue } = {};
          node.push(child);
          node = child;
        }
        continue;
      }
      if (last) {
        if (node[seg] !== undefined && typeof node[seg] !== 'string')
          throw invalid(`Invalid hash: ${key}`, key);
        node[seg] = value;
        continue;
      }
      const appending = path[i + 1] === '';
      const existing: FormValue | undefined = node[seg];
      if (existing === undefined) {
        const child: { [key: string]: FormValue } | FormValue[] = appending ? [] : {};
        node[seg] = child;
        node = child;
      } else if (typeof existing === 'string') {
        throw invalid(`Invalid hash: ${key}`, key);
      } else {
        node = existing;
      }
    }
  }
  return arrayify(root) as Form;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const tail = key.slice(-4);
  return `${prefix}${'*'.repeat(Math.max(key.length - prefix.length - 4, 0))}${tail}`;
}

function asInteger(value: FormValue | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?[0-9]+$/.test(value)) {
    throw invalid(`Invalid integer: ${typeof value === 'string' ? value : '[object]'}`, param);
  }
  return Number(value);
}

function asString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param} must be a string`, param);
  return value;
}

function asHash(value: FormValue | undefined, param: string): { [key: string]: FormValue } | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isPlainObject(value)) throw invalid(`Invalid object: ${param} must be a hash`, param);
  return value;
}

function checkUrl(value: string | undefined, param: string): void {
  if (value === undefined) return;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw invalid('Not a valid URL', param, 'url_invalid');
  }
}

function checkMetadata(value: FormValue | undefined, param: string): Record<string, string> {
  const hash = asHash(value, param) ?? {};
  const out: Record<string, string> = {};
  const keys = Object.keys(hash);
  if (keys.length > 50) throw invalid('Metadata can have up to 50 keys', param);
  for (const key of keys) {
    const v = hash[key];
    if (typeof v !== 'string') throw invalid(`Invalid metadata value for ${key}`, `${param}[${key}]`);
    if (key.length > 40) throw invalid('Metadata keys can have up to 40 characters', `${param}[${key}]`);
    if (v.length > 500) throw invalid('Metadata values can have up to 500 characters', `${param}[${key}]`);
    if (v !== '') out[key] = v;
  }
  return out;
}

function checkPaymentMethodTypes(value: FormValue | undefined, param: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw invalid(`Invalid array: ${param} must be an array of strings`, param);
  }
  const known = [
    'card',
    'link',
    'sepa_debit',
    'ideal',
    'bancontact',
    'eps',
    'p24',
    'klarna',
    'paypal',
    'blik',
  ];
  for (const [i, v] of (value as string[]).entries()) {
    if (!known.includes(v))
      throw invalid(`Invalid ${param}[${i}]: must be one of ${known.join(', ')}`, param);
  }
  return value as string[];
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const idempotency = new Map<
    string,
    { fingerprint: string; status: number; body: string; headers: Record<string, string> }
  >();
  const faults: FakeStripeFault[] = [];
  let apiBase = '';

  function publicSession(session: FakeCheckoutSession, expand: string[]): Record<string, unknown> {
    const { line_items_data, ...rest } = session;
    const out: Record<string, unknown> = { ...rest };
    if (expand.includes('line_items')) {
      out.line_items = {
        object: 'list',
        data: line_items_data,
        has_more: false,
        url: `/v1/checkout/sessions/${session.id}/line_items`,
      };
    }
    return out;
  }

  /** A session whose `expires_at` has passed reads as expired, as on Stripe. */
  function current(session: FakeCheckoutSession): FakeCheckoutSession {
    if (session.status === 'open' && Math.floor(Date.now() / 1000) >= session.expires_at) {
      session.status = 'expired';
      session.url = null;
    }
    return session;
  }

  function find(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) {
      throw invalid(`No such checkout.session: '${id}'`, 'session', 'resource_missing', 404);
    }
    return current(session);
  }

  function expandList(form: Form): string[] {
    const expand = form.expand;
    if (expand === undefined) return [];
    if (!Array.isArray(expand)) throw invalid('Invalid array', 'expand');
    return expand.filter((e): e is string => typeof e === 'string');
  }

  function createSession(form: Form, apiVersion: string): FakeCheckoutSession {
    for (const key of Object.keys(form)) {
      const removed = key === 'payment_method_types' && apiVersion >= PAYMENT_METHOD_TYPES_REMOVED_IN;
      if (!(KNOWN_CREATE_PARAMS.has(key) || (key === 'payment_method_types' && !removed))) {
        throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
      }
    }
    const mode = asString(form.mode, 'mode');
    if (!mode) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
    if (!['payment', 'setup', 'subscription'].includes(mode)) {
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
    }
    const uiMode = asString(form.ui_mode, 'ui_mode') ?? 'hosted_page';
    const rawItems = form.line_items;
    if (
      mode === 'payment' &&
      (rawItems === undefined || (Array.isArray(rawItems) && rawItems.length === 0))
    ) {
      throw invalid(
        'You must provide at least one line item in `payment` mode.',
        'line_items',
        'parameter_missing',
      );
    }
    if (rawItems !== undefined && !Array.isArray(rawItems)) throw invalid('Invalid array', 'line_items');
    const items = (rawItems ?? []) as FormValue[];
    if (items.length > 100) throw invalid('You may only specify up to 100 line items.', 'line_items');
    let currency: string | undefined;
    let total = 0;
    const lineItemsData: Array<Record<string, unknown>> = [];
    items.forEach((rawItem, i) => {
      const p = `line_items[${i}]`;
      const item = asHash(rawItem, p);
      if (!item) throw invalid(`Invalid object`, p);
      if (item.price !== undefined)
        throw invalid('No such price (fake: only price_data is supported)', `${p}[price]`);
      const priceData = asHash(item.price_data, `${p}[price_data]`);
      if (!priceData) {
        throw invalid(`You must specify either \`price\` or \`price_data\` in ${p}.`, p, 'parameter_missing');
      }
      const cur = asString(priceData.currency, `${p}[price_data][currency]`);
      if (!cur) {
        throw invalid(
          `Missing required param: ${p}[price_data][currency].`,
          `${p}[price_data][currency]`,
          'parameter_missing',
        );
      }
      if (!CURRENCIES.has(cur)) {
        throw invalid(
          `Invalid currency: ${cur}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`,
          `${p}[price_data][currency]`,
        );
      }
      if (currency && cur !== currency) {
        throw invalid('All line items must use the same currency.', `${p}[price_data][currency]`);
      }
      currency = cur;
      const unitAmount = asInteger(priceData.unit_amount, `${p}[price_data][unit_amount]`);
      if (unitAmount === undefined) {
        throw invalid(
          `Missing required param: ${p}[price_data][unit_amount].`,
          `${p}[price_data][unit_amount]`,
          'parameter_missing',
        );
      }
      if (unitAmount < 0) {
        throw invalid('This value must be greater than or equal to 0.', `${p}[price_data][unit_amount]`);
      }
      const productData = asHash(priceData.product_data, `${p}[price_data][product_data]`);
      const name = asString(productData?.name, `${p}[price_data][product_data][name]`);
      if (!productData || !name) {
        throw invalid(
          `Missing required param: ${p}[price_data][product_data][name].`,
          `${p}[price_data][product_data][name]`,
          'parameter_missing',
        );
      }
      const quantity = asInteger(item.quantity, `${p}[quantity]`);
      if (quantity === undefined) {
        throw invalid(
          `Quantity is required. Add \`quantity\` to \`${p}\``,
          `${p}[quantity]`,
          'parameter_missing',
        );
      }
      if (quantity < 1 || quantity > 999_999) {
        throw invalid('Quantity must be between 1 and 999999.', `${p}[quantity]`);
      }
      total += unitAmount * quantity;
      lineItemsData.push({
        id: randomId('li_'),
        object: 'item',
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        currency: cur,
        description: name,
        quantity,
        price: { object: 'price', currency: cur, unit_amount: unitAmount, product: randomId('prod_', 14) },
      });
    });
    if (mode === 'payment' && currency === 'eur' && total < MIN_AMOUNT_CENTS) {
      throw invalid("The Checkout Session's total amount due must add up to at least €0.50 eur", undefined);
    }
    const successUrl = asString(form.success_url, 'success_url');
    const cancelUrl = asString(form.cancel_url, 'cancel_url');
    if (uiMode !== 'hosted_page' && (successUrl || cancelUrl)) {
      throw invalid(
        `\`success_url\` and \`cancel_url\` are not allowed when \`ui_mode\` is \`${uiMode}\`.`,
        successUrl ? 'success_url' : 'cancel_url',
      );
    }
    checkUrl(successUrl, 'success_url');
    checkUrl(cancelUrl, 'cancel_url');
    const email = asString(form.customer_email, 'customer_email');
    if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw invalid(`Invalid email address: ${email}`, 'customer_email', 'email_invalid');
    }
    const ref = asString(form.client_reference_id, 'client_reference_id');
    if (ref !== undefined && ref.length > 200) {
      throw invalid('client_reference_id can have up to 200 characters', 'client_reference_id');
    }
    const metadata = checkMetadata(form.metadata, 'metadata');
    if (form.payment_intent_data !== undefined) {
      const pid = asHash(form.payment_intent_data, 'payment_intent_data');
      checkMetadata(pid?.metadata, 'payment_intent_data[metadata]');
    }
    const allowed = checkPaymentMethodTypes(
      form.allowed_payment_method_types,
      'allowed_payment_method_types',
    );
    const legacy = checkPaymentMethodTypes(form.payment_method_types, 'payment_method_types');
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = asInteger(form.expires_at, 'expires_at') ?? now + 24 * 3600;
    if (expiresAt < now + 30 * 60) {
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (expiresAt > now + 24 * 3600) {
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const id = randomId('cs_test_a1', 56);
    return {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: total === 0 ? 'no_payment_required' : 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency: currency ?? asString(form.currency, 'currency') ?? 'eur',
      client_reference_id: ref ?? null,
      customer_email: email ?? null,
      customer_details: null,
      metadata,
      expires_at: expiresAt,
      created: now,
      livemode: false,
      payment_intent: null,
      success_url: successUrl ?? null,
      cancel_url: cancelUrl ?? null,
      url: uiMode === 'hosted_page' ? `${apiBase}/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0` : null,
      ui_mode: uiMode,
      allowed_payment_method_types: allowed ?? null,
      payment_method_types: legacy ?? allowed ?? ['card'],
      line_items_data: lineItemsData,
    };
  }

  /** `POST /v1/refunds` for a paid session's payment intent, at most what is left of its amount. */
  function createRefund(form: Form): FakeRefund {
    const intent = asString(form.payment_intent, 'payment_intent');
    const charge = asString(form.charge, 'charge');
    if (!intent && !charge) {
      throw invalid('One of `charge` or `payment_intent` is required.', undefined, 'parameter_missing');
    }
    if (!intent) throw invalid('No such charge (fake: only payment_intent is supported)', 'charge');
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    if (session?.payment_status !== 'paid') {
      throw invalid(`No such payment_intent: '${intent}'`, 'payment_intent', 'resource_missing', 404);
    }
    const already = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = asInteger(form.amount, 'amount') ?? session.amount_total - already;
    if (amount <= 0 || already + amount > session.amount_total) {
      throw invalid(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((session.amount_total - already) / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = asString(form.reason, 'reason') ?? null;
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid(
        'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
        'reason',
      );
    }
    const refund: FakeRefund = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      reason,
      status: 'succeeded',
      metadata: checkMetadata(form.metadata, 'metadata'),
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  }

  /** Routes a request that passed auth; throws StripeHttpError for Stripe's error answers. */
  function route(
    method: string,
    path: string,
    form: Form,
    query: Form,
    apiVersion: string,
  ): { status: number; body: unknown; validationError?: boolean } {
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      let session: FakeCheckoutSession;
      try {
        session = createSession(form, apiVersion);
      } catch (err) {
        if (err instanceof StripeHttpError) Object.assign(err, { validation: true });
        throw err;
      }
      sessions.set(session.id, session);
      return { status: 200, body: publicSession(session, expandList(form)) };
    }
    if (path === '/v1/refunds' && method === 'POST') return { status: 200, body: createRefund(form) };
    if (path === '/v1/refunds' && method === 'GET') {
      // Newest first, as Stripe lists (fake: only the payment_intent filter, no paging cursor).
      const intent = asString(query.payment_intent, 'payment_intent');
      const data = refunds.filter((r) => !intent || r.payment_intent === intent).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (path === '/v1/checkout/sessions' && method === 'GET') {
      const intent = asString(query.payment_intent, 'payment_intent');
      const data = [...sessions.values()]
        .filter((session) => !intent || session.payment_intent === intent)
        .map((session) => publicSession(session, []));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' } };
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expireMatch && method === 'POST') {
      const session = find(decodeURIComponent(expireMatch[1] as string));
      if (session.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        );
      }
      session.status = 'expired';
      session.url = null;
      return { status: 200, body: publicSession(session, expandList(form)) };
    }
    const getMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (getMatch && method === 'GET') {
      const session = find(decodeURIComponent(getMatch[1] as string));
      return { status: 200, body: publicSession(session, expandList(query)) };
    }
    throw invalid(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      undefined,
      undefined,
      404,
    );
  }

  function authenticate(headers: IncomingHttpHeaders): void {
    const auth = headers.authorization ?? '';
    let key = '';
    if (auth.startsWith('Bearer ')) key = auth.slice(7).trim();
    else if (auth.startsWith('Basic ')) {
      key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
    }
    if (!key) {
      throw new StripeHttpError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key !== secretKey) {
      throw new StripeHttpError(401, {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      });
    }
  }

  function send(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'request-id': randomId('req_', 14),
      'stripe-version': extra['stripe-version'] ?? Stripe.API_VERSION,
      ...extra,
    });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake-stripe.local');
    const path = url.pathname;
    const record: RecordedStripeRequest = {
      method,
      path,
      query: {},
      headers: req.headers,
      rawBody,
      form: {},
    };
    requests.push(record);

    const fault = faults.shift();
    if (fault === 'hang') return;
    if (fault === 'disconnect') {
      req.socket.destroy();
      return;
    }
    if (fault === 'server_error') {
      send(
        res,
        500,
        JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (fake fault)' } }),
      );
      return;
    }
    if (fault === 'rate_limit') {
      send(
        res,
        429,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message:
              'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
          },
        }),
      );
      return;
    }

    const apiVersion = String(req.headers['stripe-version'] ?? Stripe.API_VERSION);
    const versionHeader = { 'stripe-version': apiVersion };
    try {
      record.query = parseStripeForm(url.search.slice(1));
      // A body that is not form-encoded (JSON, say) carries no parameters for Stripe.
      const contentType = String(req.headers['content-type'] ?? '');
      if (contentType.startsWith('application/x-www-form-urlencoded')) record.form = parseStripeForm(rawBody);
      authenticate(req.headers);
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      send(res, err.status, JSON.stringify({ error: err.body }, null, 2), versionHeader);
      return;
    }

    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const idemKey = typeof key === 'string' && key !== '' ? key : undefined;
    const fingerprint = `${method} ${path} ${canonical(record.form)}`;
    if (idemKey) {
      if (idemKey.length > 255) {
        send(
          res,
          400,
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Idempotency keys can be at most 255 characters long.',
            },
          }),
          versionHeader,
        );
        return;
      }
      const saved = idempotency.get(idemKey);
      if (saved) {
        if (saved.fingerprint !== fingerprint) {
          send(
            res,
            400,
            JSON.stringify(
              {
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
                },
              },
              null,
              2,
            ),
            versionHeader,
          );
          return;
        }
        send(res, saved.status, saved.body, { ...saved.headers, 'idempotent-replayed': 'true' });
        return;
      }
    }

    let status: number;
    let body: string;
    let saveable = true;
    try {
      const result = route(method, path, record.form, record.query, apiVersion);
      status = result.status;
      body = JSON.stringify(result.body, null, 2);
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      status = err.status;
      body = JSON.stringify({ error: err.body }, null, 2);
      // Validation failures are not saved under the key: the endpoint never started executing.
      saveable = !(err as StripeHttpError & { validation?: boolean }).validation && status !== 404;
    }
    if (idemKey && saveable) {
      idempotency.set(idemKey, {
        fingerprint,
        status,
        body,
        headers: { ...versionHeader, 'idempotency-key': idemKey },
      });
    }
    send(res, status, body, idemKey ? { ...versionHeader, 'idempotency-key': idemKey } : versionHeader);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        send(
          res,
          500,
          JSON.stringify({ error: { type: 'api_error', message: `fake Stripe crashed: ${String(err)}` } }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  apiBase = `http://127.0.0.1:${port}`;

  /** One charge per payment intent (fake: its id derives from the intent's). */
  const chargeIdOf = (intent: string) => `ch_${intent.slice(3)}`;

  function mustGet(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    return session;
  }

  return {
    apiBase,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    refunds,
    complete(id, opts = {}) {
      const session = mustGet(id);
      if (session.status !== 'open') throw new Error(`fake Stripe: session ${id} is ${session.status}`);
      session.status = 'complete';
      session.payment_status = opts.paymentStatus ?? 'paid';
      session.url = null;
      session.payment_intent = randomId('pi_');
      const email = opts.email ?? session.customer_email;
      session.customer_details = { email, name: 'Test Customer' };
      return session;
    },
    expire(id) {
      const session = mustGet(id);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    signedEvent(type, sessionId, opts = {}) {
      const session = mustGet(sessionId);
      const created = opts.timestamp ?? Math.floor(Date.now() / 1000);
      const event = {
        id: randomId('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        data: { object: { ...publicSession(session, []), ...(opts.session ?? {}) } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      // Stripe delivers pretty-printed JSON: a handler that re-serialises a parsed body breaks the signature.
      const body = JSON.stringify(event, null, 2);
      const signature = signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: opts.secret ?? webhookSecret,
        timestamp: created,
      });
      return { body, signature, event };
    },
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) faults.push(kind);
    },
    refundInDashboard(sessionId, amount) {
      const session = mustGet(sessionId);
      const form: Form = { payment_intent: session.payment_intent ?? '' };
      if (amount !== undefined) form.amount = String(amount);
      return createRefund(form);
    },
    chargeOf(sessionId) {
      const session = mustGet(sessionId);
      const intent = session.payment_intent;
      if (!intent) throw new Error(`fake Stripe: session ${sessionId} has no payment`);
      const refunded = refunds
        .filter((r) => r.payment_intent === intent)
        .reduce((sum, r) => sum + r.amount, 0);
      return {
        id: chargeIdOf(intent),
        object: 'charge',
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: refunded,
        captured: true,
        created: session.created,
        currency: session.currency,
        livemode: false,
        metadata: {},
        paid: true,
        payment_intent: intent,
        refunded: refunded >= session.amount_total,
        status: 'succeeded',
      };
    },
    disputeOf(sessionId, dispute) {
      const session = mustGet(sessionId);
      const intent = session.payment_intent;
      if (!intent) throw new Error(`fake Stripe: session ${sessionId} has no payment`);
      return {
        id: dispute.id,
        object: 'dispute',
        amount: session.amount_total,
        charge: chargeIdOf(intent),
        created: Math.floor(Date.now() / 1000),
        currency: session.currency,
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: intent,
        reason: dispute.reason ?? 'fraudulent',
        status: dispute.status,
      };
    },
    signedObjectEvent(type, object, opts = {}) {
      const created = opts.timestamp ?? Math.floor(Date.now() / 1000);
      const event = {
        id: randomId('evt_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const body = JSON.stringify(event, null, 2);
      const signature = signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: opts.secret ?? webhookSecret,
        timestamp: created,
      });
      return { body, signature, event };
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
