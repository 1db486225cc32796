import { describe, expect, it } from 'vitest';
import {
  emptyPromotionForm,
  type PromotionFormValues,
  promotionFieldOf,
  validatePromotionForm,
} from './promotion-form.ts';

const valid: PromotionFormValues = {
  ...emptyPromotionForm,
  name: 'Spring sale',
  percentOff: '20',
  scope: 'all',
  startsAt: '2026-03-28T10:00',
  endsAt: '2026-04-05T23:59',
};

describe('the promotion form rules', () => {
  it('accepts a complete form', () => {
    expect(validatePromotionForm(valid)).toEqual({});
  });

  it('checks the amount its kind needs, and only that one', () => {
    expect(validatePromotionForm({ ...valid, percentOff: '12.5' })).toEqual({ percentOff: 'percentInvalid' });
    expect(validatePromotionForm({ ...valid, percentOff: '0' })).toEqual({ percentOff: 'percentInvalid' });
    const fixed = { ...valid, kind: 'fixed_price' as const, percentOff: '' };
    expect(validatePromotionForm(fixed)).toEqual({ fixedPrice: 'priceRequired' });
    expect(validatePromotionForm({ ...fixed, fixedPrice: '9.999' })).toEqual({ fixedPrice: 'priceInvalid' });
    expect(validatePromotionForm({ ...fixed, fixedPrice: '0' })).toEqual({ fixedPrice: 'priceInvalid' });
    expect(validatePromotionForm({ ...fixed, fixedPrice: '9,99' })).toEqual({});
  });

  it('needs the platform or the games its scope names', () => {
    expect(validatePromotionForm({ ...valid, scope: 'platform' })).toEqual({ platform: 'platformRequired' });
    expect(validatePromotionForm({ ...valid, scope: 'games' })).toEqual({ gameIds: 'gamesRequired' });
    const games = Array.from({ length: 501 }, (_, i) => ({ id: i + 1, title: `Game ${i + 1}` }));
    expect(validatePromotionForm({ ...valid, scope: 'games', games })).toEqual({ gameIds: 'gamesTooMany' });
  });

  it('allows exactly 92 days, not a minute more', () => {
    // 1 March 00:00 (UTC+2) to 1 June 01:00 (UTC+3) is exactly 92 days: summer time took an hour.
    expect(
      validatePromotionForm({ ...valid, startsAt: '2026-03-01T00:00', endsAt: '2026-06-01T01:00' }),
    ).toEqual({});
    expect(
      validatePromotionForm({ ...valid, startsAt: '2026-03-01T00:00', endsAt: '2026-06-01T01:01' }),
    ).toEqual({
      endsAt: 'tooLong',
    });
    expect(validatePromotionForm({ ...valid, endsAt: valid.startsAt })).toEqual({ endsAt: 'endBeforeStart' });
  });

  it("maps the server's field names to the form's", () => {
    expect(promotionFieldOf('endsAt')).toBe('endsAt');
    expect(promotionFieldOf('gameIds.3')).toBe('gameIds');
    expect(promotionFieldOf('percentOff')).toBe('percentOff');
    expect(promotionFieldOf('other')).toBeUndefined();
    expect(promotionFieldOf(undefined)).toBeUndefined();
  });
});
