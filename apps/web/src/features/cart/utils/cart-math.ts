import { MAX_LINE_QUANTITY } from '@keyland/core/cart-rules';
import { roundEurosToCents } from '@keyland/core/money';
import type { Cart, CartCoupon, CartItem } from '@keyland/core/schemas/cart';

/**
 * The highest quantity a line may reach: 10 keys per line, and never more than the keys available now
 * (a pre-order is sold before its keys exist: only the 10 count).
 */
export function maxQuantity(item: Pick<CartItem, 'available' | 'preorder_release'>): number {
  if (item.preorder_release) return MAX_LINE_QUANTITY;
  return Math.max(1, Math.min(MAX_LINE_QUANTITY, item.available));
}

export function canIncrease(item: Pick<CartItem, 'available' | 'quantity' | 'preorder_release'>): boolean {
  return item.quantity < maxQuantity(item);
}

export function canDecrease(item: Pick<CartItem, 'quantity'>): boolean {
  return item.quantity > 1;
}

/** The number on the cart button's badge: lines, not keys (spec "Cart"). */
export function lineCount(cart: Pick<Cart, 'items'> | undefined): number {
  return cart?.items.length ?? 0;
}

/** A line's coupon discount in cents (0 without a coupon). */
function couponCents(item: Pick<CartItem, 'coupon_discount'>): number {
  return roundEurosToCents(item.coupon_discount ?? 0);
}

/**
 * Totals of a cart changed on this device before the server answers: line totals from the unit prices
 * less each line's coupon discount, VAT split out of the VAT-inclusive total with the cart's rate. Only
 * shown for a moment; the server's answer (which rounds per line and re-checks the coupon) replaces it.
 */
export function withEstimatedTotals(cart: Cart, items: CartItem[]): Cart {
  const lines = items.map((item) => {
    const grossCents = roundEurosToCents(item.price_unit) * item.quantity;
    if (!item.coupon_discount) return { ...item, total: grossCents / 100 };
    const discountCents = Math.min(couponCents(item), grossCents);
    return { ...item, coupon_discount: discountCents / 100, total: (grossCents - discountCents) / 100 };
  });
  const totalCents = lines.reduce((sum, item) => sum + roundEurosToCents(item.total), 0);
  const untaxedCents = Math.round(totalCents / (1 + cart.tax_percent / 100));
  const discountCents = lines.reduce((sum, item) => sum + couponCents(item), 0);
  return {
    ...cart,
    items: lines,
    amount_total: totalCents / 100,
    amount_untaxed: untaxedCents / 100,
    amount_tax: (totalCents - untaxedCents) / 100,
    ...(cart.coupon ? { coupon: { ...cart.coupon, discount: discountCents / 100 } } : {}),
  };
}

/**
 * A line at another quantity. A percentage coupon's discount follows the number of keys; an amount off
 * stays as it was (at most the line's price, see withEstimatedTotals).
 */
function withQuantity(item: CartItem, quantity: number, kind: CartCoupon['kind'] | undefined): CartItem {
  if (!item.coupon_discount || kind !== 'percent') return { ...item, quantity };
  const perKey = couponCents(item) / item.quantity;
  return { ...item, quantity, coupon_discount: Math.round(perKey * quantity) / 100 };
}

export function changeLineQuantity(cart: Cart, productId: string, delta: 1 | -1): Cart {
  const items = cart.items.map((item) =>
    item.wcs_product_id === productId
      ? withQuantity(item, Math.min(maxQuantity(item), Math.max(1, item.quantity + delta)), cart.coupon?.kind)
      : item,
  );
  return withEstimatedTotals(cart, items);
}

export function removeLine(cart: Cart, productId: string): Cart {
  return withEstimatedTotals(
    cart,
    cart.items.filter((item) => item.wcs_product_id !== productId),
  );
}

/** One more key of a game: its line grows, or a provisional line appears until the server prices it. */
export function addOneKey(cart: Cart, productId: string, title: string): Cart {
  if (cart.items.some((item) => item.wcs_product_id === productId)) {
    return changeLineQuantity(cart, productId, 1);
  }
  const provisional: CartItem = {
    name: title,
    price_unit: 0,
    quantity: 1,
    total: 0,
    tax_percent: cart.tax_percent,
    wcs_product_id: productId,
    wcs_identifier: '',
    providerId: '',
    platform: '',
    cover: '',
    available: 1,
  };
  return withEstimatedTotals(cart, [...cart.items, provisional]);
}

export const EMPTY_CART: Cart = {
  order_id: null,
  items: [],
  amount_untaxed: 0,
  amount_tax: 0,
  amount_total: 0,
  tax_percent: 0,
};
