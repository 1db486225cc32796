/**
 * The key supplier port: where the store buys activation keys it does not hold itself. `embedded` is the
 * store's own stock only (nothing to buy); `codeswholesale` is the wholesale API.
 */

/** One product of the supplier's price list. Money in integer euro cents. */
export interface SupplierProduct {
  productId: string;
  identifier: string;
  name: string;
  platform: string;
  regions: string[];
  languages: string[];
  quantity: number;
  /** The price of one key (the tier starting at quantity 1). */
  buyCents: number;
  releaseDate: string | null;
}

export interface SupplierProductPage {
  items: SupplierProduct[];
  /** Opaque token of the next page; null on the last page. */
  next: string | null;
}

export interface SupplierDescription {
  productId: string;
  title: string;
  /** HTML fact sheet (English first), unsanitised as received. */
  description: string | null;
  developer: string | null;
  category: string | null;
  minimumRequirements: string | null;
}

/**
 * A code of a supplier order: `text` carries the key; `image` carries base64 image data and a file name;
 * `preorder` has no key yet (it arrives later).
 */
export type SupplierCode =
  | { codeId: string; type: 'text'; code: string }
  | { codeId: string; type: 'image'; code: string; filename: string }
  | { codeId: string; type: 'preorder' };

export interface SupplierOrder {
  /** The supplier's own order id. */
  supplierOrderId: string;
  /** Our reference (the idempotency key of the purchase). */
  clientOrderId: string;
  status: string;
  codes: SupplierCode[];
}

export interface SupplierOrderRequest {
  /** Stable per order line: the same reference on every retry, so a purchase happens once. */
  clientOrderId: string;
  productId: string;
  quantity: number;
  /** The expected unit price, validated by the supplier. */
  unitCents: number;
  /** An earlier attempt may have placed it: look it up by `clientOrderId` before ordering. */
  mayExist?: boolean;
}

export interface KeySupplier {
  kind: 'embedded' | 'codeswholesale';
  /** False for the embedded supplier: there is nothing to buy or sync. */
  readonly canBuy: boolean;
  listProducts(cursor: string | null): Promise<SupplierProductPage>;
  product(productId: string): Promise<SupplierProduct | null>;
  description(productId: string, locale?: string): Promise<SupplierDescription | null>;
  /** Places the order, or answers the existing one with the same `clientOrderId`. */
  createOrder(request: SupplierOrderRequest): Promise<SupplierOrder>;
  getOrder(supplierOrderId: string): Promise<SupplierOrder>;
  /** The order placed with our reference `clientOrderId` (within the last two days), if there is one. */
  findOrder(clientOrderId: string): Promise<SupplierOrder | undefined>;
}

export type SupplierErrorKind =
  /** Network failure, timeout, 5xx or 429 that outlived the retries. */
  | 'unavailable'
  /** An answer that does not have the documented shape. */
  | 'malformed'
  /** The supplier refused (insufficient balance, unknown product, price changed…). */
  | 'rejected'
  /** Credentials refused. */
  | 'unauthorised';

export class SupplierError extends Error {
  readonly kind: SupplierErrorKind;
  readonly status: number | undefined;
  readonly supplierCode: number | undefined;

  constructor(kind: SupplierErrorKind, message: string, status?: number, supplierCode?: number) {
    super(message);
    this.name = 'SupplierError';
    this.kind = kind;
    this.status = status;
    this.supplierCode = supplierCode;
  }
}
