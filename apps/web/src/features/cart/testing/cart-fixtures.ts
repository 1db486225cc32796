import type { CartItem } from '@keyland/core/schemas/cart';

/** A line of the cart as the API answers it: one key of Lumen Drift (Steam) at €20.00, with `overrides`. */
export const cartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  name: 'Lumen Drift',
  price_unit: 20,
  quantity: 1,
  total: 20,
  tax_percent: 24,
  wcs_product_id: 'p-lumen',
  wcs_identifier: 'lumen',
  providerId: 'kl-lumen',
  platform: 'Steam',
  cover: '',
  available: 5,
  ...overrides,
});
