import { describe, expect, it } from 'vitest';
import { createRng, cryptoRandom, seededRandom } from './random.ts';

describe('random sources', () => {
  it('repeats a seeded sequence and stays within [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(seededRandom(8)()).not.toBe(seededRandom(7)());
  });

  it('draws crypto numbers within [0, 1)', () => {
    for (let i = 0; i < 100; i++) {
      const value = cryptoRandom();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('offers bounded integers, samples without repeats and weighted picks', () => {
    const rng = createRng(seededRandom(11));
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const n = rng.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    const sample = rng.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
    expect(rng.shuffle([1, 2, 3]).sort()).toEqual([1, 2, 3]);
    for (let i = 0; i < 50; i++) expect(rng.weighted({ a: 1, b: 0 })).toBe('a');
    for (let i = 0; i < 50; i++)
      expect(
        rng.weightedPick([
          [10, 0],
          [20, 3],
        ]),
      ).toBe(20);
    expect(() => rng.pick([])).toThrow();
  });
});
