import { z } from 'zod';

/**
 * The admin back office API (`/api/admin/*`, admins only). Money on the wire is in euros with at most two
 * decimals; inside the server it is integer cents.
 */

// ---------- shared pieces ----------

export const ADMIN_PAGE_DEFAULT = 25;
export const ADMIN_PAGE_MAX = 100;
/** Key import limits: lines (blank lines included) and UTF-8 bytes of the text. */
export const KEY_IMPORT_MAX_LINES = 20_000;
export const KEY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Games with fewer available keys than this are listed as low on stock by default. */
export const LOW_STOCK_DEFAULT = 5;

export const adminPagingQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
});

const searchText = z.string().trim().max(200).optional();

export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const adminKeyIdParamsSchema = z.object({
  keyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A euro amount typed in a form: a number ≥ 0 with at most two decimals. */
function eurosField(field: string) {
  return z
    .number({ error: `${field} must be a number (euros)` })
    .finite({ error: `${field} must be a number (euros)` })
    .min(0, { error: `${field} cannot be negative` })
    .max(100_000, { error: `${field} can be at most 100000` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: `${field} can have at most two decimals`,
    });
}

export const adminOkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AdminOk' });

// ---------- audit ----------

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    /** `admin` for an admin's action, `payment_provider` for the store acting on the provider's events. */
    actor: z.enum(['admin', 'payment_provider']),
    adminId: z.number().int().nullable(),
    adminEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    at: z.string(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AdminAuditEntry' });

export const auditQuerySchema = adminPagingQuerySchema.extend({
  action: z.string().trim().max(60).optional(),
});

export const auditPageSchema = z
  .object({ items: z.array(auditEntrySchema), total: z.number().int() })
  .meta({ id: 'AdminAuditPage' });

export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---------- dashboard ----------

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  lowStock: z.coerce.number().int().min(1).max(10_000).default(LOW_STOCK_DEFAULT),
});

const salesFigures = {
  /** Number of paid orders. */
  sales: z.number().int(),
  /** Sum of paid totals, VAT included (euros). */
  gross: z.number(),
  /** VAT part of the gross (euros). */
  vat: z.number(),
  /** Gross minus VAT (euros). */
  net: z.number(),
};

export const dashboardSchema = z
  .object({
    /** All paid orders. */
    totals: z.object(salesFigures),
    /** The last `days` days (UTC), oldest first, days without sales included as zeros. */
    daily: z.array(z.object({ date: z.string(), ...salesFigures })),
    /** Top 5 games by keys sold in paid orders. */
    bestSellers: z.array(
      z.object({
        gameId: z.number().int(),
        title: z.string(),
        platform: z.string(),
        keysSold: z.number().int(),
        gross: z.number(),
      }),
    ),
    /** Games on sale (not hidden) whose available keys are below `lowStockThreshold`. */
    lowStock: z.array(
      z.object({
        gameId: z.number().int(),
        title: z.string(),
        platform: z.string(),
        available: z.number().int(),
      }),
    ),
    lowStockThreshold: z.number().int(),
  })
  .meta({ id: 'AdminDashboard' });

export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------- products ----------

export const keyCountsSchema = z
  .object({
    available: z.number().int(),
    reserved: z.number().int(),
    sold: z.number().int(),
    revoked: z.number().int(),
  })
  .meta({ id: 'AdminKeyCounts' });

export const adminProductSchema = z
  .object({
    id: z.number().int(),
    providerId: z.string(),
    productId: z.string(),
    title: z.string(),
    platform: z.string(),
    platformGroup: z.string(),
    /** Selling price, VAT included (euros). */
    price: z.number(),
    /** Wholesale buying price (euros). */
    priceBuy: z.number(),
    hidden: z.boolean(),
    region: z.string(),
    languages: z.string(),
    releaseDate: z.string().nullable(),
    description: z.string().nullable(),
    coverUrl: z.string().nullable(),
    genres: z.array(z.string()),
    developers: z.array(z.string()),
    publishers: z.array(z.string()),
    keys: keyCountsSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });

export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productsQuerySchema = adminPagingQuerySchema.extend({ q: searchText });

export const productsPageSchema = z
  .object({ items: z.array(adminProductSchema), total: z.number().int() })
  .meta({ id: 'AdminProductsPage' });

const nameList = z.array(z.string().trim().min(1).max(100)).max(30);

const productFields = {
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(300, { error: 'title can have at most 300 characters' }),
  price: eurosField('price').refine((v) => v > 0, { error: 'price must be greater than 0' }),
  platform: z
    .string({ error: 'platform is required' })
    .trim()
    .min(1, { error: 'platform is required' })
    .max(60, { error: 'platform can have at most 60 characters' }),
  priceBuy: eurosField('priceBuy'),
  region: z.string().trim().min(1).max(60),
  languages: z.string().trim().min(1).max(300),
  releaseDate: z.iso.date({ error: 'releaseDate must be a date (YYYY-MM-DD)' }).nullable(),
  description: z.string().max(20_000).nullable(),
  coverUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https:\/\/)/, { error: 'coverUrl must be a path of the store or an https URL' })
    .nullable(),
  genres: nameList,
  developers: nameList,
  publishers: nameList,
};

/** Create a game: title, price (euros, VAT included) and platform are required. */
export const createProductSchema = z
  .object({
    title: productFields.title,
    price: productFields.price,
    platform: productFields.platform,
    priceBuy: productFields.priceBuy.optional(),
    region: productFields.region.optional(),
    languages: productFields.languages.optional(),
    releaseDate: productFields.releaseDate.optional(),
    description: productFields.description.optional(),
    coverUrl: productFields.coverUrl.optional(),
    genres: productFields.genres.optional(),
    developers: productFields.developers.optional(),
    publishers: productFields.publishers.optional(),
    hidden: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'AdminCreateProduct' });

/** Edit a game: any of the create fields; at least one. */
export const updateProductSchema = z
  .object({
    title: productFields.title.optional(),
    price: productFields.price.optional(),
    platform: productFields.platform.optional(),
    priceBuy: productFields.priceBuy.optional(),
    region: productFields.region.optional(),
    languages: productFields.languages.optional(),
    releaseDate: productFields.releaseDate.optional(),
    description: productFields.description.optional(),
    coverUrl: productFields.coverUrl.optional(),
    genres: productFields.genres.optional(),
    developers: productFields.developers.optional(),
    publishers: productFields.publishers.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Change at least one field' })
  .meta({ id: 'AdminUpdateProduct' });

export type CreateProductInput = z.infer<typeof createProductSchema>;
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

// ---------- keys ----------

export const importKeysSchema = z
  .object({
    /**
     * Pasted text or the content of a .txt/.csv file: one key per line, the first column of a CSV line
     * (a header line such as `code` is skipped), blank lines ignored. At most 20,000 lines and 2 MB.
     */
    text: z.string({ error: 'text is required' }),
  })
  .meta({ id: 'AdminImportKeys' });

export const invalidKeyReasons = [
  'wrong_length',
  'invalid_characters',
  'contains_spaces',
  'too_short',
  'too_long',
] as const;

export const importKeysResultSchema = z
  .object({
    imported: z.number().int(),
    duplicates: z.object({
      /** Lines repeating a key already seen earlier in the same text. */
      inFile: z.number().int(),
      /** Keys already stored (for any game). */
      existing: z.number().int(),
    }),
    /** Lines refused, with the 1-based line number (at most 1000 listed; see invalidCount). */
    invalid: z.array(
      z.object({
        line: z.number().int(),
        reason: z.enum(invalidKeyReasons),
        /** The platform's key length, for `wrong_length`. */
        expected: z.number().int().optional(),
      }),
    ),
    invalidCount: z.number().int(),
    /** Available keys of the game after the import. */
    available: z.number().int(),
  })
  .meta({ id: 'AdminImportKeysResult' });

export type ImportKeysResult = z.infer<typeof importKeysResultSchema>;

export const keyStatusValues = ['available', 'reserved', 'sold', 'revoked'] as const;
export const keyKindValues = ['text', 'image'] as const;

export const adminKeySchema = z
  .object({
    id: z.number().int(),
    /** The code with all but its last 4 characters hidden ("image code" for a code delivered as an image). */
    masked: z.string(),
    /** How the code is delivered: text, or an image (a `data:image/…;base64,…` URL, see image-code.ts). */
    kind: z.enum(keyKindValues),
    status: z.enum(keyStatusValues),
    orderId: z.number().int().nullable(),
    createdAt: z.string(),
    soldAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminKey' });

export const keysQuerySchema = adminPagingQuerySchema.extend({
  status: z.enum(keyStatusValues).optional(),
});

export const keysPageSchema = z
  .object({ items: z.array(adminKeySchema), total: z.number().int() })
  .meta({ id: 'AdminKeysPage' });

export const revealedKeySchema = z
  .object({
    id: z.number().int(),
    gameId: z.number().int(),
    code: z.string(),
    status: z.enum(keyStatusValues),
  })
  .meta({ id: 'AdminRevealedKey' });

// ---------- orders ----------

export const adminOrderStatuses = [
  'draft',
  'pending_payment',
  'paid',
  'awaiting_keys',
  'cancelled',
  'expired',
  'refunded',
] as const;

export const disputeStatusValues = ['open', 'won', 'lost'] as const;

export const ordersQuerySchema = adminPagingQuerySchema.extend({
  /** An e-mail (or part of it), an order id, or a date (YYYY-MM-DD). */
  q: searchText,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Without it, every status except `draft` (carts). */
  status: z.enum(adminOrderStatuses).optional(),
});

export const adminOrderSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(adminOrderStatuses),
    customerId: z.number().int(),
    email: z.string(),
    total: z.number(),
    tax: z.number(),
    keys: z.number().int(),
    paymentProvider: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** The state of the order's latest payment dispute (chargeback), if any. */
    dispute: z.enum(disputeStatusValues).nullable(),
    /** Euros refunded so far through the payment provider. */
    refunded: z.number(),
  })
  .meta({ id: 'AdminOrderSummary' });

export const ordersPageSchema = z
  .object({ items: z.array(adminOrderSummarySchema), total: z.number().int() })
  .meta({ id: 'AdminOrdersPage' });

export const adminOrderDetailSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(adminOrderStatuses),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    customer: z.object({
      id: z.number().int(),
      email: z.string(),
      fullName: z.string(),
      lang: z.string(),
      suspended: z.boolean(),
    }),
    countryId: z.number().int().nullable(),
    taxPercent: z.number(),
    untaxed: z.number(),
    tax: z.number(),
    total: z.number(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        gameId: z.number().int(),
        title: z.string(),
        platform: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number(),
        net: z.number(),
        tax: z.number(),
        total: z.number(),
        keys: z.array(
          z.object({
            id: z.number().int(),
            masked: z.string(),
            kind: z.enum(keyKindValues),
            status: z.enum(keyStatusValues),
          }),
        ),
      }),
    ),
    consent: z
      .object({
        text: z.string(),
        clientTimestamp: z.string(),
        recordedAt: z.string(),
        termsVersion: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
      })
      .nullable(),
    payment: z.object({ provider: z.string().nullable(), sessionId: z.string().nullable() }),
    cancellation: z
      .object({
        at: z.string(),
        adminId: z.number().int(),
        reason: z.string(),
        refundId: z.string(),
        refunded: z.number(),
        keysRevoked: z.number().int(),
        keysAlreadyDelivered: z.number().int(),
      })
      .nullable(),
    /** Refunds reported by the payment provider (back-office cancellations and refunds made there). */
    refunds: z.array(
      z.object({ refundId: z.string(), amount: z.number(), at: z.string(), recordedAt: z.string() }),
    ),
    disputes: z.array(
      z.object({
        disputeId: z.string(),
        status: z.enum(disputeStatusValues),
        providerStatus: z.string(),
        reason: z.string().nullable(),
        amount: z.number(),
        openedAt: z.string(),
        closedAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminOrderDetail' });

export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const cancelOrderSchema = z
  .object({
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(3, { error: 'reason is required (at least 3 characters)' })
      .max(1000, { error: 'reason can have at most 1000 characters' }),
  })
  .meta({ id: 'AdminCancelOrder' });

export const cancelOrderResultSchema = z
  .object({
    orderId: z.number().int(),
    status: z.literal('cancelled'),
    refundId: z.string(),
    refunded: z.number(),
    keysRevoked: z.number().int(),
    /**
     * Keys the customer had already received before the cancellation (Keyland delivers keys at payment, on
     * the success page and by e-mail): revoked in our records, but they may have been redeemed already.
     */
    keysAlreadyDelivered: z.number().int(),
    mailQueued: z.boolean(),
  })
  .meta({ id: 'AdminCancelOrderResult' });

export type CancelOrderResult = z.infer<typeof cancelOrderResultSchema>;

// ---------- customers ----------

export const customersQuerySchema = adminPagingQuerySchema.extend({ q: searchText });

export const adminCustomerSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(['user', 'admin']),
    countryId: z.number().int().nullable(),
    lang: z.string(),
    emailVerified: z.boolean(),
    suspended: z.boolean(),
    paidOrders: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCustomer' });

export const customersPageSchema = z
  .object({ items: z.array(adminCustomerSchema), total: z.number().int() })
  .meta({ id: 'AdminCustomersPage' });

export const suspendResultSchema = z
  .object({ id: z.number().int(), suspended: z.boolean(), sessionsEnded: z.number().int() })
  .meta({ id: 'AdminSuspendResult' });
