import type { Cart, CartItem } from '@keyland/core/schemas/cart';
import { describe, expect, it } from 'vitest';
import {
  addOneKey,
  canDecrease,
  canIncrease,
  changeLineQuantity,
  lineCount,
  maxQuantity,
  removeLine,
} from './cart-math.ts';

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  name: 'Kühle Tiefen',
  price_unit: 4.99,
  quantity: 1,
  total: 4.99,
  tax_percent: 24,
  wcs_product_id: 'p-1',
  wcs_identifier: 'kt',
  providerId: 'kl-1',
  platform: 'Steam',
  cover: '',
  available: 7,
  ...overrides,
});

const cart = (items: CartItem[]): Cart => ({
  order_id: 3,
  items,
  amount_untaxed: 0,
  amount_tax: 0,
  amount_total: 0,
  tax_percent: 24,
});

describe('local cart changes', () => {
  it('counts lines, not keys', () => {
    expect(lineCount(cart([item({ quantity: 3 }), item({ wcs_product_id: 'p-2' })]))).toBe(2);
    expect(lineCount(undefined)).toBe(0);
  });

  it('bounds quantities between 1 and the smaller of 10 and the keys available', () => {
    expect(maxQuantity(item({ available: 30 }))).toBe(10);
    expect(maxQuantity(item({ available: 4 }))).toBe(4);
    expect(canDecrease(item({ quantity: 1 }))).toBe(false);
    expect(canIncrease(item({ quantity: 4, available: 4 }))).toBe(false);
    expect(canIncrease(item({ quantity: 10, available: 50 }))).toBe(false);
    expect(canIncrease(item({ quantity: 3, available: 4 }))).toBe(true);
  });

  it('estimates totals that add up to the cent after a quantity change', () => {
    const changed = changeLineQuantity(
      cart([item(), item({ wcs_product_id: 'p-2', price_unit: 7.99 })]),
      'p-1',
      1,
    );
    expect(changed.items[0]?.quantity).toBe(2);
    expect(changed.items[0]?.total).toBe(9.98);
    expect(changed.amount_total).toBe(17.97);
    expect(Math.round((changed.amount_untaxed + changed.amount_tax) * 100)).toBe(1797);
  });

  it('removes a line and adds a provisional one for a new game', () => {
    const base = cart([item()]);
    expect(removeLine(base, 'p-1').items).toEqual([]);
    const added = addOneKey(base, 'p-9', 'New game');
    expect(added.items.map((line) => line.wcs_product_id)).toEqual(['p-1', 'p-9']);
    expect(addOneKey(base, 'p-1', 'Kühle Tiefen').items[0]?.quantity).toBe(2);
  });

  it('keeps a coupon in the estimate: a percentage follows the keys, an amount off stays, capped at the line', () => {
    const percent: Cart = {
      ...cart([item({ quantity: 2, total: 8.98, coupon_discount: 1 }), item({ wcs_product_id: 'p-2' })]),
      coupon: { code: 'SPRING10', kind: 'percent', percentOff: 10, amount: null, discount: 1, limited: true },
    };
    const more = changeLineQuantity(percent, 'p-1', 1);
    expect(more.items[0]?.coupon_discount).toBe(1.5);
    expect(more.items[0]?.total).toBe(13.47);
    expect(more.amount_total).toBe(18.46);
    expect(more.coupon?.discount).toBe(1.5);

    const amount: Cart = {
      ...cart([item({ quantity: 2, total: 3.98, coupon_discount: 6 })]),
      coupon: { code: 'FIVE', kind: 'amount', percentOff: null, amount: 6, discount: 6, limited: false },
    };
    const fewer = changeLineQuantity(amount, 'p-1', -1);
    expect(fewer.items[0]?.coupon_discount).toBe(4.99);
    expect(fewer.items[0]?.total).toBe(0);
    expect(fewer.coupon?.discount).toBe(4.99);
    expect(removeLine(amount, 'p-1').coupon?.discount).toBe(0);
  });
});
