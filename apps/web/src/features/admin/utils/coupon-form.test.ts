import { describe, expect, it } from 'vitest';
import type { Coupon } from '#src/features/admin/api/admin-coupons-api.ts';
import { plannedBatch } from '#src/features/admin/testing/discount-fixtures.ts';
import {
  type CouponFormValues,
  couponToForm,
  emptyCouponForm,
  formToCouponInput,
  formToGenerateInput,
  validateCouponForm,
} from './coupon-form.ts';

const valid: CouponFormValues = {
  ...emptyCouponForm,
  name: 'Winter',
  code: 'winter-10',
  percentOff: '10',
  endsAt: '2026-12-31T23:59',
};

describe('the coupon form rules', () => {
  it('accepts a complete form, with the start, the minimum basket and the use limit left empty', () => {
    expect(validateCouponForm(valid, 'code')).toEqual({});
  });

  it('checks the code of a typed coupon, the count and prefix of a batch, and neither for a batch changed', () => {
    expect(validateCouponForm({ ...valid, code: ' ' }, 'code')).toEqual({ code: 'codeRequired' });
    expect(validateCouponForm({ ...valid, code: 'AB' }, 'code')).toEqual({ code: 'codeInvalid' });
    expect(validateCouponForm({ ...valid, code: '-WINTER' }, 'code')).toEqual({ code: 'codeInvalid' });
    expect(validateCouponForm({ ...valid, code: 'WIN TER' }, 'code')).toEqual({ code: 'codeInvalid' });
    const batch = { ...valid, code: '' };
    expect(validateCouponForm(batch, 'generate')).toEqual({ count: 'countRequired' });
    expect(validateCouponForm({ ...batch, count: '5001' }, 'generate')).toEqual({ count: 'countInvalid' });
    expect(validateCouponForm({ ...batch, count: '0' }, 'generate')).toEqual({ count: 'countInvalid' });
    expect(validateCouponForm({ ...batch, count: '5000', prefix: 'XMAS-' }, 'generate')).toEqual({
      prefix: 'prefixInvalid',
    });
    expect(validateCouponForm({ ...batch, count: '5000', prefix: 'XMAS26' }, 'generate')).toEqual({});
    expect(validateCouponForm(batch, 'batch')).toEqual({});
  });

  it('checks the amount its kind needs, the minimum basket and the limits', () => {
    expect(validateCouponForm({ ...valid, percentOff: '91' }, 'code')).toEqual({
      percentOff: 'percentInvalid',
    });
    const amount = { ...valid, kind: 'amount' as const, percentOff: '' };
    expect(validateCouponForm(amount, 'code')).toEqual({ amount: 'amountRequired' });
    expect(validateCouponForm({ ...amount, amount: '0' }, 'code')).toEqual({ amount: 'amountInvalid' });
    expect(validateCouponForm({ ...amount, amount: '1000.01' }, 'code')).toEqual({ amount: 'amountInvalid' });
    expect(validateCouponForm({ ...amount, amount: '4,99' }, 'code')).toEqual({});
    expect(validateCouponForm({ ...valid, minBasket: '0' }, 'code')).toEqual({});
    expect(validateCouponForm({ ...valid, minBasket: '-1' }, 'code')).toEqual({
      minBasket: 'minBasketInvalid',
    });
    expect(validateCouponForm({ ...valid, maxUses: '0' }, 'code')).toEqual({ maxUses: 'maxUsesInvalid' });
    expect(validateCouponForm({ ...valid, perCustomer: '' }, 'code')).toEqual({
      perCustomer: 'perCustomerRequired',
    });
    expect(validateCouponForm({ ...valid, perCustomer: '101' }, 'code')).toEqual({
      perCustomer: 'perCustomerInvalid',
    });
  });

  it('needs an end, after the start when one is typed, and the games or platform of its scope', () => {
    expect(validateCouponForm({ ...valid, endsAt: '' }, 'code')).toEqual({ endsAt: 'endRequired' });
    expect(validateCouponForm({ ...valid, startsAt: valid.endsAt }, 'code')).toEqual({
      endsAt: 'endBeforeStart',
    });
    expect(validateCouponForm({ ...valid, scope: 'games' }, 'code')).toEqual({ gameIds: 'gamesRequired' });
    expect(validateCouponForm({ ...valid, scope: 'platform' }, 'code')).toEqual({
      platform: 'platformRequired',
    });
  });

  it('builds the bodies: euros as numbers, Tallinn times as instants, empty fields as their defaults', () => {
    const typed = { ...valid, minBasket: '20', maxUses: '100', startsAt: '2026-12-01T00:00' };
    expect(formToCouponInput(typed, 'code')).toEqual({
      name: 'Winter',
      code: 'WINTER-10',
      kind: 'percent',
      percentOff: 10,
      amount: null,
      minBasket: 20,
      startsAt: '2026-11-30T22:00:00.000Z',
      endsAt: '2026-12-31T21:59:00.000Z',
      maxUses: 100,
      perCustomer: 1,
      scope: 'all',
      platform: null,
      gameIds: [],
    });
    expect(formToCouponInput(valid, 'batch')).toMatchObject({ code: 'BATCH', minBasket: 0, maxUses: null });
    expect(formToCouponInput(valid, 'batch')).not.toHaveProperty('startsAt');
    const generated = formToGenerateInput({
      ...valid,
      count: '250',
      prefix: 'xmas',
      kind: 'amount',
      amount: '5',
    });
    expect(generated).toMatchObject({
      count: 250,
      prefix: 'XMAS',
      kind: 'amount',
      amount: 5,
      percentOff: null,
    });
    expect(generated).not.toHaveProperty('code');
  });

  it('shows a saved coupon in Tallinn time, with the titles of its games', () => {
    const coupon: Coupon = { ...plannedBatch, id: 5, name: 'Lumen fans', scope: 'games', gameIds: [11] };
    expect(couponToForm(coupon, [{ id: 11, title: 'Lumen Drift' }])).toEqual({
      ...emptyCouponForm,
      name: 'Lumen fans',
      kind: 'amount',
      amount: '5.00',
      perCustomer: '2',
      scope: 'games',
      games: [{ id: 11, title: 'Lumen Drift' }],
      startsAt: '2026-12-01T10:00',
      endsAt: '2026-12-24T23:59',
    });
  });
});
