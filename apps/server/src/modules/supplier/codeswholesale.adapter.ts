import type { z } from 'zod';
import { exponentialBackoff, retry } from '../../lib/retry.ts';
import {
  codeSchema,
  descriptionSchema,
  orderListSchema,
  orderSchema,
  productPageSchema,
  productSchema,
  refusal,
  retryAfterMs,
  safeJson,
  toDescription,
  tokenSchema,
  toProduct,
} from './codeswholesale.wire.ts';
import {
  type KeySupplier,
  type SupplierCode,
  type SupplierDescription,
  SupplierError,
  type SupplierOrder,
} from './supplier.port.ts';

export const CODESWHOLESALE_SANDBOX_URL = 'https://sandbox.codeswholesale.com';

export interface CodesWholesaleOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-request time limit. */
  timeoutMs?: number;
  /** Attempts per call (the first included) on timeouts, network errors, 5xx and 429. */
  maxAttempts?: number;
  /** First back-off delay; doubled after each failed attempt. */
  baseDelayMs?: number;
  /** Upper bound of one wait, Retry-After included. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  fetch?: typeof fetch;
}

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Runs before a retry that follows an ambiguous failure; true ends the call (answering null). */
  beforeRetry?: () => Promise<boolean>;
  /** 404 answers null instead of an error. */
  nullOn404?: boolean;
}

/**
 * The CodesWholesale v3 API. The bearer token (client-credentials grant) is cached until it expires and
 * renewed once on a 401; timeouts, network errors, 5xx and 429 (honouring Retry-After) are retried with
 * exponential back-off; an answer of the wrong shape is a `malformed` error.
 */
export function createCodesWholesaleSupplier(options: CodesWholesaleOptions): KeySupplier {
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = Math.max(2, options.maxAttempts ?? 4);
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const backoff = exponentialBackoff({ firstMs: options.baseDelayMs ?? 500, maxMs: maxDelayMs });
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    let response: Response;
    try {
      response = await doFetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SupplierError('unavailable', `Token request failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status === 400 || response.status === 401)
      throw new SupplierError('unauthorised', 'The supplier refused the credentials', response.status);
    if (!response.ok)
      throw new SupplierError('unavailable', `Token request answered ${response.status}`, response.status);
    const parsed = tokenSchema.safeParse(safeJson(text));
    if (!parsed.success) throw new SupplierError('malformed', 'Malformed token answer');
    // Renew a little before the announced expiry.
    const lifetime = Math.max(0, parsed.data.expires_in * 1000 - 30_000);
    token = { value: parsed.data.access_token, expiresAt: now() + lifetime };
    return token.value;
  }

  async function bearer(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  }

  async function call<T>(path: string, schema: z.ZodType<T>, opts: CallOptions = {}): Promise<T | null> {
    let renewed = false;
    /** This call's failures worth another attempt (not those of a lookup it runs), and the waits asked for. */
    const transient = new WeakSet<SupplierError>();
    const askedWaitMs = new WeakMap<SupplierError, number>();
    /** A failure after which the request may have been carried out (a timeout, a dropped connection, 5xx). */
    let ambiguous = false;
    const retryable = (error: SupplierError): SupplierError => {
      transient.add(error);
      return error;
    };

    async function request(): Promise<Response> {
      try {
        const auth = await bearer();
        return await doFetch(`${base}${path}`, {
          method: opts.method ?? 'GET',
          headers: {
            authorization: `Bearer ${auth}`,
            accept: 'application/json',
            ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof SupplierError && error.kind !== 'unavailable') throw error;
        ambiguous = true;
        throw retryable(
          error instanceof SupplierError
            ? error
            : new SupplierError('unavailable', `Request failed: ${(error as Error).message}`),
        );
      }
    }

    async function attempt(n: number): Promise<T | null> {
      if (n > 1 && ambiguous && opts.beforeRetry && (await opts.beforeRetry())) return null;
      let response = await request();
      let text = await response.text();
      if (response.status === 401 && !renewed) {
        // The token expired or was revoked: renew it once and ask again at once, in the same attempt.
        renewed = true;
        token = undefined;
        response = await request();
        text = await response.text();
      }
      if (response.status === 429 || response.status >= 500) {
        const error = retryable(
          new SupplierError('unavailable', `Supplier answered ${response.status}`, response.status),
        );
        if (response.status !== 429) ambiguous = true;
        else {
          const asked = retryAfterMs(response.headers.get('retry-after'), now());
          if (asked !== undefined) askedWaitMs.set(error, asked);
        }
        throw error;
      }
      if (!response.ok) {
        if (response.status === 404 && opts.nullOn404) return null;
        throw refusal(response.status, text);
      }
      const parsed = schema.safeParse(safeJson(text));
      if (!parsed.success) {
        throw new SupplierError('malformed', `Malformed supplier answer for ${path.split('?')[0]}`);
      }
      return parsed.data;
    }

    return retry(attempt, {
      attempts: maxAttempts,
      retryOn: (error) => error instanceof SupplierError && transient.has(error),
      backoff,
      delayFor: (error, backoffMs) => {
        const asked = error instanceof SupplierError ? askedWaitMs.get(error) : undefined;
        return asked === undefined ? backoffMs : Math.min(maxDelayMs, asked);
      },
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  }

  async function must<T>(promise: Promise<T | null>): Promise<T> {
    const value = await promise;
    if (value === null) throw new SupplierError('rejected', 'Not found', 404);
    return value;
  }

  async function toOrder(raw: z.infer<typeof orderSchema>): Promise<SupplierOrder> {
    const codes: SupplierCode[] = [];
    for (const product of raw.products) {
      for (let code of product.codes) {
        if (code.codeType !== 'PRE_ORDER' && !code.code?.trim()) {
          // A code without its value: read it separately.
          code = await must(call(`/v3/codes/${encodeURIComponent(code.codeId)}`, codeSchema));
          if (code.codeType !== 'PRE_ORDER' && !code.code?.trim())
            throw new SupplierError('malformed', 'A delivered code has no value');
        }
        if (code.codeType === 'PRE_ORDER') codes.push({ codeId: code.codeId, type: 'preorder' });
        else if (code.codeType === 'CODE_IMAGE')
          codes.push({
            codeId: code.codeId,
            type: 'image',
            code: code.code ?? '',
            filename: code.filename ?? `${code.codeId}.png`,
          });
        else codes.push({ codeId: code.codeId, type: 'text', code: (code.code ?? '').trim() });
      }
    }
    return {
      supplierOrderId: raw.orderId,
      clientOrderId: raw.clientOrderId ?? '',
      status: raw.status,
      codes,
    };
  }

  async function findByClientOrderId(clientOrderId: string): Promise<SupplierOrder | undefined> {
    const day = 24 * 3600_000;
    const from = new Date(now() - 2 * day).toISOString();
    const to = new Date(now() + day).toISOString();
    const list = await must(
      call(
        `/v3/orders?startFrom=${encodeURIComponent(from)}&endOn=${encodeURIComponent(to)}`,
        orderListSchema,
      ),
    );
    const match = list.items.find((o) => o.clientOrderId === clientOrderId);
    return match ? toOrder(match) : undefined;
  }

  return {
    kind: 'codeswholesale',
    canBuy: true,

    async listProducts(cursor) {
      const page = await must(
        call(
          `/v3/products${cursor ? `?continuationToken=${encodeURIComponent(cursor)}` : ''}`,
          productPageSchema,
        ),
      );
      return { items: page.items.map(toProduct), next: page.continuationToken || null };
    },

    async product(productId) {
      const p = await call(`/v3/products/${encodeURIComponent(productId)}`, productSchema, {
        nullOn404: true,
      });
      return p ? toProduct(p) : null;
    },

    async description(productId, locale = 'en'): Promise<SupplierDescription | null> {
      const d = await call(
        `/v3/products/${encodeURIComponent(productId)}/description?locale=${encodeURIComponent(locale)}`,
        descriptionSchema,
        { nullOn404: true },
      );
      return d ? toDescription(d) : null;
    },

    async createOrder(request) {
      let existing = request.mayExist ? await findByClientOrderId(request.clientOrderId) : undefined;
      if (existing) return existing;
      const raw = await call('/v3/orders', orderSchema, {
        method: 'POST',
        body: {
          allowPreOrder: true,
          orderId: request.clientOrderId,
          products: [
            {
              productId: request.productId,
              quantity: request.quantity,
              price: request.unitCents / 100,
            },
          ],
        },
        // After a timeout or 5xx the order may exist already: never place it twice.
        beforeRetry: async () => {
          existing = await findByClientOrderId(request.clientOrderId);
          return existing !== undefined;
        },
      });
      if (existing) return existing;
      if (!raw) throw new SupplierError('malformed', 'Empty order answer');
      return toOrder(raw);
    },

    findOrder: findByClientOrderId,

    async getOrder(supplierOrderId) {
      return toOrder(await must(call(`/v3/orders/${encodeURIComponent(supplierOrderId)}`, orderSchema)));
    },
  };
}
