/**
 * What the browser keeps about a checkout in progress (spec "Local storage keys": cart and checkout
 * summary): the summary shown on /checkout, and the cart as it was sent to payment. Both are cleared
 * when the customer comes back from the payment page.
 */
export const CHECKOUT_SUMMARY_KEY = 'checkoutSummary';
export const STORED_CART_KEY = 'cart';

export interface CheckoutSummaryItem {
  title: string;
  platform: string;
  quantity: number;
  price: number;
  total: number;
}

export interface CheckoutSummary {
  orderId: number;
  /** ISO date and time of the checkout. */
  date: string;
  items: CheckoutSummaryItem[];
  /** The coupon applied, and what it took off (euros; the items' totals are after it). */
  coupon?: { code: string; discount: number };
  subtotal: number;
  tax: number;
  taxPercent: number;
  total: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveCheckoutSummary(summary: CheckoutSummary, cart: unknown): void {
  try {
    storage()?.setItem(CHECKOUT_SUMMARY_KEY, JSON.stringify(summary));
    storage()?.setItem(STORED_CART_KEY, JSON.stringify(cart));
  } catch {
    // A full or blocked storage only costs the summary page; payment goes on.
  }
}

function isSummary(value: unknown): value is CheckoutSummary {
  if (typeof value !== 'object' || value === null) return false;
  const summary = value as Record<string, unknown>;
  return (
    typeof summary.orderId === 'number' &&
    typeof summary.date === 'string' &&
    Array.isArray(summary.items) &&
    typeof summary.total === 'number'
  );
}

export function readCheckoutSummary(): CheckoutSummary | null {
  try {
    const raw = storage()?.getItem(CHECKOUT_SUMMARY_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSummary(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearCheckoutStorage(): void {
  try {
    storage()?.removeItem(CHECKOUT_SUMMARY_KEY);
    storage()?.removeItem(STORED_CART_KEY);
  } catch {
    // nothing to clear
  }
}
