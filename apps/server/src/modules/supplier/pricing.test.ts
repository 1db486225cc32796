import { describe, expect, it } from 'vitest';
import { sellingCents } from './pricing.ts';

const rule = { marginPercent: 25, floorCents: 99 };

describe('supplier pricing rule', () => {
  it('adds the margin and rounds up to .99', () => {
    expect(sellingCents(1000, rule)).toBe(1299);
    expect(sellingCents(959, rule)).toBe(1199);
    expect(sellingCents(4190, rule)).toBe(5299);
  });
  it('keeps a price already ending in .99', () => {
    expect(sellingCents(1199, { marginPercent: 0, floorCents: 0 })).toBe(1199);
    expect(sellingCents(1200, { marginPercent: 0, floorCents: 0 })).toBe(1299);
  });
  it('never goes below the floor', () => {
    expect(sellingCents(10, rule)).toBe(99);
    expect(sellingCents(10, { marginPercent: 25, floorCents: 499 })).toBe(499);
    expect(sellingCents(0, { marginPercent: 25, floorCents: 0 })).toBe(99);
  });
});
