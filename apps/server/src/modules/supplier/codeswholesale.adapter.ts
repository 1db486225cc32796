import { z } from 'zod';
import {
  type KeySupplier,
  type SupplierCode,
  type SupplierDescription,
  SupplierError,
  type SupplierOrder,
  type SupplierProduct,
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

// ---- Wire shapes (v3 API; see the reference of the outside APIs) ----------------------------------------

const tokenSchema = z.union([
  z.object({ access_token: z.string().min(1), expires_in: z.number().positive() }),
  z
    .object({ value: z.string().min(1), expiresIn: z.number().positive() })
    .transform((t) => ({ access_token: t.value, expires_in: t.expiresIn })),
]);

const priceTierSchema = z.object({
  from: z.number().int(),
  to: z.number().int().nullable().optional(),
  value: z.number().nonnegative(),
});

const productSchema = z.object({
  productId: z.string().min(1),
  identifier: z.string().default(''),
  name: z.string().min(1),
  platform: z.string().min(1),
  regions: z.array(z.string()).default([]),
  languages: z.array(z.string()).default([]),
  quantity: z.number().int().nonnegative(),
  prices: z.array(priceTierSchema).min(1),
  releaseDate: z.string().nullable().optional(),
});

const productPageSchema = z.object({
  items: z.array(productSchema),
  continuationToken: z.string().nullable().optional(),
});

const descriptionSchema = z.object({
  productId: z.string(),
  officialTitle: z.string().default(''),
  category: z.string().nullable().optional(),
  developerName: z.string().nullable().optional(),
  minimumRequirements: z.string().nullable().optional(),
  factSheets: z
    .array(z.object({ territory: z.string(), description: z.string() }))
    .nullable()
    .optional(),
});

const codeSchema = z.object({
  codeId: z.string().min(1),
  codeType: z.enum(['CODE_TEXT', 'CODE_IMAGE', 'PRE_ORDER']),
  code: z.string().nullable().optional(),
  filename: z.string().nullable().optional(),
});

const orderSchema = z.object({
  orderId: z.string().min(1),
  clientOrderId: z.string().nullable().optional(),
  status: z.string(),
  products: z.array(z.object({ productId: z.string(), codes: z.array(codeSchema).default([]) })),
});

const orderListSchema = z.object({ items: z.array(orderSchema) });

const errorSchema = z.object({
  code: z.number().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Decimal euros from the wire → integer cents. */
const cents = (euros: number) => Math.round(euros * 100);

/** The unit price: the tier that starts at 1 (else the lowest tier). */
function unitPrice(prices: z.infer<typeof priceTierSchema>[]): number {
  const first = prices.find((p) => p.from === 1) ?? [...prices].sort((a, b) => a.from - b.from)[0];
  return cents(first?.value ?? 0);
}

function toProduct(p: z.infer<typeof productSchema>): SupplierProduct {
  return {
    productId: p.productId,
    identifier: p.identifier || p.productId,
    name: p.name,
    platform: p.platform,
    regions: p.regions,
    languages: p.languages,
    quantity: p.quantity,
    buyCents: unitPrice(p.prices),
    releaseDate: p.releaseDate ? p.releaseDate.slice(0, 10) : null,
  };
}

/** Waits from a Retry-After header: seconds or an HTTP date. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
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
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
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
    let lastError: SupplierError | undefined;
    let ambiguous = false;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (ambiguous && opts.beforeRetry) {
        if (await opts.beforeRetry()) return null;
      }
      let wait = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      let response: Response;
      try {
        const auth = await bearer();
        response = await doFetch(`${base}${path}`, {
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
        lastError =
          error instanceof SupplierError
            ? error
            : new SupplierError('unavailable', `Request failed: ${(error as Error).message}`);
        ambiguous = true;
        if (attempt < maxAttempts) await sleep(wait);
        continue;
      }
      const text = await response.text();
      if (response.status === 401 && !renewed) {
        // The token expired or was revoked: renew it once and retry at once.
        renewed = true;
        token = undefined;
        attempt--;
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        lastError = new SupplierError('unavailable', `Supplier answered ${response.status}`, response.status);
        if (response.status === 429) {
          wait = Math.min(maxDelayMs, retryAfterMs(response.headers.get('retry-after'), now()) ?? wait);
        } else {
          ambiguous = true;
        }
        if (attempt < maxAttempts) await sleep(wait);
        continue;
      }
      if (!response.ok) {
        if (response.status === 404 && opts.nullOn404) return null;
        const err = errorSchema.safeParse(safeJson(text));
        const detail = err.success ? (err.data.message ?? err.data.error_description ?? err.data.error) : '';
        throw new SupplierError(
          response.status === 401 ? 'unauthorised' : 'rejected',
          `Supplier refused (${response.status}${err.success && err.data.code ? ` code ${err.data.code}` : ''})${detail ? `: ${detail}` : ''}`,
          response.status,
          err.success ? err.data.code : undefined,
        );
      }
      const parsed = schema.safeParse(safeJson(text));
      if (!parsed.success) {
        throw new SupplierError('malformed', `Malformed supplier answer for ${path.split('?')[0]}`);
      }
      return parsed.data;
    }
    throw lastError ?? new SupplierError('unavailable', 'Supplier unavailable');
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
      if (!d) return null;
      const sheet = d.factSheets?.find((f) => /english/i.test(f.territory)) ?? d.factSheets?.[0];
      return {
        productId: d.productId,
        title: d.officialTitle,
        description: sheet?.description ?? null,
        developer: d.developerName ?? null,
        category: d.category ?? null,
        minimumRequirements: d.minimumRequirements ?? null,
      };
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

    async getOrder(supplierOrderId) {
      return toOrder(await must(call(`/v3/orders/${encodeURIComponent(supplierOrderId)}`, orderSchema)));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
