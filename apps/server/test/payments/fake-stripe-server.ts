import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the part of the Stripe API that Keyland uses — `POST /v1/checkout/sessions`,
 * `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`, `POST /v1/refunds`,
 * `GET /v1/checkout/sessions?payment_intent=`, `GET /v1/refunds?payment_intent=`, `POST /v1/files` (multipart,
 * dispute evidence), `GET|POST /v1/disputes/:id` (evidence, submitted once) — on a real HTTP server, following
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
  /**
   * The body parsed as Stripe parses it (nested keys, indexed arrays); `{}` when it was neither form-encoded
   * nor multipart. A multipart file part appears as `{ filename, type, size, sha256 }`.
   */
  form: Form;
  /** The files of a multipart body, by field name. */
  uploads: Record<string, UploadedPart>;
}

/** A file part of a multipart/form-data body. */
export interface UploadedPart {
  filename: string;
  type: string;
  data: Buffer;
}

/** A file uploaded through `POST /v1/files` (the File object, plus its bytes). */
export interface FakeFile {
  id: string;
  object: 'file';
  created: number;
  expires_at: number | null;
  filename: string;
  purpose: string;
  size: number;
  title: null;
  type: string;
  url: string;
  /** Kept for tests; not part of the JSON. */
  data: Buffer;
}

/** A dispute on a charge, with its evidence (`evidence[...]`, staged or submitted). */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: unknown[];
  charge: string;
  created: number;
  currency: string;
  evidence: Record<string, string | null>;
  evidence_details: {
    due_by: number | null;
    enhanced_eligibility: Record<string, unknown>;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: string;
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
  /** As sent (`card.request_three_d_secure`: `automatic`, `any` or `challenge`), or null. */
  payment_method_options: { card?: { request_three_d_secure?: string } } | null;
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
  /** Disputes known to the stand-in (made by `disputeOf`), with the evidence they received. */
  disputes: Map<string, FakeDispute>;
  /** Files uploaded through `POST /v1/files`. */
  files: Map<string, FakeFile>;
  /** The customer pays: status `complete`, payment_status `paid` (or `unpaid` for a delayed method). */
  complete(id: string, options?: { paymentStatus?: 'paid' | 'unpaid'; email?: string }): FakeCheckoutSession;
  /** The session's time runs out: status `expired`, url null. */
  expire(id: string): FakeCheckoutSession;
  /**
   * A delayed payment (completed `unpaid`) settles: `paid` when it succeeds; it stays `unpaid` when it fails
   * (Stripe then sends `checkout.session.async_payment_failed`).
   */
  settle(id: string, outcome: 'succeeded' | 'failed'): FakeCheckoutSession;
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
  /**
   * A dispute on a paid session's charge (`charge.dispute.*`), kept by the stand-in so that evidence can be
   * sent to it; calling it again with the same id changes its status (a later event). `dueBy` in Unix
   * seconds (default: a week after it opened (fake)).
   */
  disputeOf(
    sessionId: string,
    dispute: { id: string; status: string; reason?: string; dueBy?: number },
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
  'payment_method_options',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'submit_type',
  'success_url',
  'ui_mode',
]);

/** The methods the stand-in account has enabled in its Dashboard (cards and the EU's delayed and bank methods). */
const DASHBOARD_METHODS = ['card', 'bancontact', 'blik', 'eps', 'ideal', 'klarna', 'p24', 'sepa_debit'];

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

/**
 * Parses a multipart/form-data body (RFC 7578) as Stripe reads an upload: text fields into the form (with
 * bracketed keys, as in a form-encoded body), file parts apart with their bytes.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { form: Form; uploads: Record<string, UploadedPart> } {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw invalid('Invalid multipart body: no boundary');
  const delimiter = Buffer.from(`--${mark}`);
  const fields = new URLSearchParams();
  const uploads: Record<string, UploadedPart> = {};
  let start = body.indexOf(delimiter);
  if (start === -1) throw invalid('Invalid multipart body: boundary not found');
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const headersEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    const next = body.indexOf(delimiter, afterDelimiter);
    if (headersEnd === -1 || next === -1 || headersEnd > next) throw invalid('Invalid multipart body');
    const headers = body.subarray(afterDelimiter + 2, headersEnd).toString('utf8');
    // The part's content ends with the CRLF that precedes the next delimiter.
    const content = body.subarray(headersEnd + 4, next - 2);
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
    if (name === undefined) throw invalid('Invalid multipart body: a part has no name');
    const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
    if (filename === undefined) fields.append(name, content.toString('utf8'));
    else {
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
      uploads[name] = { filename, type, data: Buffer.from(content) };
    }
    start = next;
  }
  const form = parseStripeForm(fields.toString());
  for (const [name, part] of Object.entries(uploads)) {
    form[name] = {
      filename: part.filename,
      type: part.type,
      size: String(part.data.length),
      sha256: createHash('sha256').update(part.data).digest('hex'),
    };
  }
  return { form, uploads };
}

/** The `evidence[...]` fields of a dispute (Stripe's DisputeUpdateParams.Evidence, without `enhanced_evidence`). */
const EVIDENCE_TEXT_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_tracking_number',
  'uncategorized_text',
] as const;
const EVIDENCE_FILE_FIELDS = [
  'cancellation_policy',
  'customer_communication',
  'customer_signature',
  'duplicate_charge_documentation',
  'receipt',
  'refund_policy',
  'service_documentation',
  'shipping_documentation',
  'uncategorized_file',
] as const;
/** Stripe's limits: 20,000 characters a text field, 150,000 in all. */
const EVIDENCE_TEXT_MAX = 20_000;
const EVIDENCE_TOTAL_MAX = 150_000;
/** What a dispute_evidence upload may be, and how large (fake: Stripe's documented 5 MB per file). */
const EVIDENCE_FILE_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
const EVIDENCE_FILE_MAX_BYTES = 5 * 1024 * 1024;
const FILE_PURPOSES = new Set([
  'account_requirement',
  'additional_verification',
  'business_icon',
  'business_logo',
  'customer_signature',
  'dispute_evidence',
  'identity_document',
  'pci_document',
  'tax_document_user_upload',
]);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const disputes = new Map<string, FakeDispute>();
  const files = new Map<string, FakeFile>();
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
    const options = asHash(form.payment_method_options, 'payment_method_options');
    const card = asHash(options?.card, 'payment_method_options[card]');
    const threeDSecure = asString(
      card?.request_three_d_secure,
      'payment_method_options[card][request_three_d_secure]',
    );
    if (threeDSecure !== undefined && !['automatic', 'any', 'challenge'].includes(threeDSecure)) {
      throw invalid(
        `Invalid payment_method_options[card][request_three_d_secure]: must be one of automatic, any, or challenge`,
        'payment_method_options[card][request_three_d_secure]',
      );
    }
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
      // Without a list, the methods enabled in the account's Dashboard (dynamic payment methods).
      payment_method_types: legacy ?? allowed ?? DASHBOARD_METHODS,
      payment_method_options: threeDSecure ? { card: { request_three_d_secure: threeDSecure } } : null,
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

  /** `POST /v1/files`: a multipart upload with a `purpose` and a `file` part. */
  function createFile(form: Form, uploads: Record<string, UploadedPart>): FakeFile {
    for (const key of Object.keys(form)) {
      if (!['file', 'purpose', 'expand', 'file_link_data'].includes(key))
        throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    }
    const purpose = asString(form.purpose, 'purpose');
    if (!purpose) throw invalid('Missing required param: purpose.', 'purpose', 'parameter_missing');
    if (!FILE_PURPOSES.has(purpose))
      throw invalid(`Invalid purpose: must be one of ${[...FILE_PURPOSES].join(', ')}`, 'purpose');
    const upload = uploads.file;
    if (!upload) throw invalid('Missing required param: file.', 'file', 'parameter_missing');
    const type = EVIDENCE_FILE_TYPES[upload.type.split(';')[0]?.trim() ?? ''];
    if (purpose === 'dispute_evidence' && !type) {
      throw invalid(
        `Invalid file: files of purpose \`dispute_evidence\` must be one of pdf, jpg or png (fake wording)`,
        'file',
      );
    }
    if (upload.data.length === 0) throw invalid('Invalid file: the file is empty (fake wording)', 'file');
    if (purpose === 'dispute_evidence' && upload.data.length > EVIDENCE_FILE_MAX_BYTES)
      throw invalid('Invalid file: dispute evidence files can be at most 5 MB (fake wording)', 'file');
    const created = Math.floor(Date.now() / 1000);
    const id = randomId('file_');
    const file: FakeFile = {
      id,
      object: 'file',
      created,
      expires_at: null,
      filename: upload.filename,
      purpose,
      size: upload.data.length,
      title: null,
      type: type ?? 'pdf',
      url: `${apiBase}/v1/files/${id}/contents`,
      data: upload.data,
    };
    files.set(id, file);
    return file;
  }

  const publicFile = ({ data: _data, ...file }: FakeFile) => file;

  function findDispute(id: string): FakeDispute {
    const dispute = disputes.get(id);
    if (!dispute) throw invalid(`No such dispute: '${id}'`, 'dispute', 'resource_missing', 404);
    return dispute;
  }

  /**
   * `POST /v1/disputes/:id`: evidence is staged (`submit=false`) or submitted (the default); a submitted or
   * closed dispute takes no more (fake wording of the refusal).
   */
  function updateDispute(id: string, form: Form): FakeDispute {
    const dispute = findDispute(id);
    for (const key of Object.keys(form)) {
      if (!['evidence', 'metadata', 'submit', 'expand', 'intended_submission_method'].includes(key))
        throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    }
    if (['won', 'lost', 'warning_closed', 'prevented'].includes(dispute.status))
      throw invalid(`This dispute is already closed (status \`${dispute.status}\`) (fake wording).`);
    if (dispute.evidence_details.submission_count > 0)
      throw invalid(
        'The evidence for this dispute has already been submitted and can no longer be updated (fake wording).',
      );
    const evidence = asHash(form.evidence, 'evidence') ?? {};
    const updates: Record<string, string> = {};
    let total = 0;
    for (const [key, value] of Object.entries(evidence)) {
      const param = `evidence[${key}]`;
      const text = asString(value, param) ?? '';
      if ((EVIDENCE_FILE_FIELDS as readonly string[]).includes(key)) {
        if (text !== '' && files.get(text)?.purpose !== 'dispute_evidence')
          throw invalid(`No such file upload: '${text}'`, param, 'resource_missing');
      } else if ((EVIDENCE_TEXT_FIELDS as readonly string[]).includes(key)) {
        if (text.length > EVIDENCE_TEXT_MAX)
          throw invalid(`${param} must be at most ${EVIDENCE_TEXT_MAX} characters`, param);
        total += text.length;
      } else throw invalid(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
      updates[key] = text;
    }
    if (total > EVIDENCE_TOTAL_MAX)
      throw invalid(`The evidence can have at most ${EVIDENCE_TOTAL_MAX} characters in all`, 'evidence');
    const submit = asString(form.submit, 'submit') ?? 'true';
    if (submit !== 'true' && submit !== 'false') throw invalid('Invalid boolean: submit', 'submit');
    for (const [key, value] of Object.entries(updates)) dispute.evidence[key] = value === '' ? null : value;
    if (Object.keys(updates).length > 0) dispute.evidence_details.has_evidence = true;
    dispute.metadata = { ...dispute.metadata, ...checkMetadata(form.metadata, 'metadata') };
    if (submit === 'true') {
      dispute.evidence_details.submission_count += 1;
      dispute.status = dispute.status.startsWith('warning_') ? 'warning_under_review' : 'under_review';
    }
    return dispute;
  }

  /** Routes a request that passed auth; throws StripeHttpError for Stripe's error answers. */
  function route(
    method: string,
    path: string,
    form: Form,
    query: Form,
    apiVersion: string,
    uploads: Record<string, UploadedPart> = {},
  ): { status: number; body: unknown; validationError?: boolean } {
    if (path === '/v1/files' && method === 'POST') {
      let file: FakeFile;
      try {
        file = createFile(form, uploads);
      } catch (err) {
        if (err instanceof StripeHttpError) Object.assign(err, { validation: true });
        throw err;
      }
      return { status: 200, body: publicFile(file) };
    }
    const fileMatch = /^\/v1\/files\/([^/]+)$/.exec(path);
    if (fileMatch && method === 'GET') {
      const file = files.get(decodeURIComponent(fileMatch[1] as string));
      if (!file) throw invalid(`No such file upload: '${fileMatch[1]}'`, 'id', 'resource_missing', 404);
      return { status: 200, body: publicFile(file) };
    }
    const disputeMatch = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (disputeMatch && method === 'GET')
      return { status: 200, body: findDispute(decodeURIComponent(disputeMatch[1] as string)) };
    if (disputeMatch && method === 'POST')
      return { status: 200, body: updateDispute(decodeURIComponent(disputeMatch[1] as string), form) };
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
    const bytes = Buffer.concat(chunks);
    const rawBody = bytes.toString('utf8');
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
      uploads: {},
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
      else if (contentType.startsWith('multipart/form-data')) {
        const parsed = parseMultipart(bytes, contentType);
        record.form = parsed.form;
        record.uploads = parsed.uploads;
      }
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
      const result = route(method, path, record.form, record.query, apiVersion, record.uploads);
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
    disputes,
    files,
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
    settle(id, outcome) {
      const session = mustGet(id);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid')
        throw new Error(`fake Stripe: session ${id} has no payment settling`);
      if (outcome === 'succeeded') session.payment_status = 'paid';
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
      let stored = disputes.get(dispute.id);
      if (!stored) {
        const created = Math.floor(Date.now() / 1000);
        stored = {
          id: dispute.id,
          object: 'dispute',
          amount: session.amount_total,
          balance_transactions: [],
          charge: chargeIdOf(intent),
          created,
          currency: session.currency,
          evidence: Object.fromEntries(
            [...EVIDENCE_TEXT_FIELDS, ...EVIDENCE_FILE_FIELDS].sort().map((field) => [field, null]),
          ),
          evidence_details: {
            due_by: dispute.dueBy ?? created + 7 * 24 * 3600,
            enhanced_eligibility: {},
            has_evidence: false,
            past_due: false,
            submission_count: 0,
          },
          is_charge_refundable: false,
          livemode: false,
          metadata: {},
          payment_intent: intent,
          reason: dispute.reason ?? 'fraudulent',
          status: dispute.status,
        };
        disputes.set(dispute.id, stored);
      } else {
        stored.status = dispute.status;
        if (dispute.reason) stored.reason = dispute.reason;
        if (dispute.dueBy !== undefined) stored.evidence_details.due_by = dispute.dueBy;
      }
      // A snapshot, as an event carries it: later changes to the dispute do not reach an event made now.
      return structuredClone(stored) as unknown as Record<string, unknown>;
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
