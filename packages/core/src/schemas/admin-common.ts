import { z } from 'zod';

/**
 * What every room of the admin back office API (`/api/admin/*`, admins only) shares: paging, ids, euro
 * fields. Money on the wire is in euros with at most two decimals; inside the server it is integer cents.
 */

export const ADMIN_PAGE_DEFAULT = 25;
export const ADMIN_PAGE_MAX = 100;

export const adminPagingQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
});

/** A search box's text. */
export const adminSearchText = z.string().trim().max(200).optional();

export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const adminKeyIdParamsSchema = z.object({
  keyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A euro amount typed in a form: a number ≥ 0 with at most two decimals. */
export function eurosField(field: string) {
  return z
    .number({ error: `${field} must be a number (euros)` })
    .finite({ error: `${field} must be a number (euros)` })
    .min(0, { error: `${field} cannot be negative` })
    .max(100_000, { error: `${field} can be at most 100000` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: `${field} can have at most two decimals`,
    });
}

/** One page of a list: its items and how many there are in all. */
export function adminPageSchema<T extends z.ZodType>(item: T, id: string) {
  return z.object({ items: z.array(item), total: z.number().int() }).meta({ id });
}

export const adminOkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AdminOk' });
