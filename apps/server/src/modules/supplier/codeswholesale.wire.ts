import { z } from 'zod';
import { type SupplierDescription, SupplierError, type SupplierProduct } from './supplier.port.ts';

/** The CodesWholesale v3 API's answers as they come over the wire, and their reading into the port's terms. */

export const tokenSchema = z.union([
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

export const productSchema = z.object({
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

export const productPageSchema = z.object({
  items: z.array(productSchema),
  continuationToken: z.string().nullable().optional(),
});

export const descriptionSchema = z.object({
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

export const codeSchema = z.object({
  codeId: z.string().min(1),
  codeType: z.enum(['CODE_TEXT', 'CODE_IMAGE', 'PRE_ORDER']),
  code: z.string().nullable().optional(),
  filename: z.string().nullable().optional(),
});

export const orderSchema = z.object({
  orderId: z.string().min(1),
  clientOrderId: z.string().nullable().optional(),
  status: z.string(),
  products: z.array(z.object({ productId: z.string(), codes: z.array(codeSchema).default([]) })),
});

export const orderListSchema = z.object({ items: z.array(orderSchema) });

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

export function toProduct(p: z.infer<typeof productSchema>): SupplierProduct {
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

/** A product's description: the English fact sheet (else the first one). */
export function toDescription(d: z.infer<typeof descriptionSchema>): SupplierDescription {
  const sheet = d.factSheets?.find((f) => /english/i.test(f.territory)) ?? d.factSheets?.[0];
  return {
    productId: d.productId,
    title: d.officialTitle,
    description: sheet?.description ?? null,
    developer: d.developerName ?? null,
    category: d.category ?? null,
    minimumRequirements: d.minimumRequirements ?? null,
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

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A refused request (4xx): `unauthorised` for 401, else `rejected`, with the supplier's code and words. */
export function refusal(status: number, text: string): SupplierError {
  const err = errorSchema.safeParse(safeJson(text));
  const detail = err.success ? (err.data.message ?? err.data.error_description ?? err.data.error) : '';
  return new SupplierError(
    status === 401 ? 'unauthorised' : 'rejected',
    `Supplier refused (${status}${err.success && err.data.code ? ` code ${err.data.code}` : ''})${detail ? `: ${detail}` : ''}`,
    status,
    err.success ? err.data.code : undefined,
  );
}
