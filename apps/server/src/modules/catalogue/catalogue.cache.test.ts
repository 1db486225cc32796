import { describe, expect, it } from 'vitest';
import { createChangeSignal } from '../../lib/catalogue-changed.ts';
import { createAnswerCache } from './catalogue.cache.ts';

/** A counter standing for the database: each computation reads the current value. */
function source() {
  let value = 1;
  let reads = 0;
  return {
    compute: async () => {
      reads += 1;
      return value;
    },
    set: (next: number) => {
      value = next;
    },
    get reads() {
      return reads;
    },
  };
}

describe('catalogue answer cache', () => {
  it('answers a repeated key from the cache and shares one computation between concurrent callers', async () => {
    const db = source();
    const cache = createAnswerCache({ ttlMs: 60_000, now: () => 0 });
    expect(await Promise.all([cache.get('a', db.compute), cache.get('a', db.compute)])).toEqual([1, 1]);
    expect(await cache.get('a', db.compute)).toBe(1);
    expect(db.reads).toBe(1);
    await cache.get('b', db.compute);
    expect(db.reads).toBe(2);
  });

  it('drops every answer when the catalogue-changed signal fires, and stops listening when closed', async () => {
    const db = source();
    const signal = createChangeSignal();
    const cache = createAnswerCache({ ttlMs: 60_000, signal, now: () => 0 });
    expect(await cache.get('a', db.compute)).toBe(1);
    db.set(2);
    expect(await cache.get('a', db.compute)).toBe(1);
    signal.notify();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', db.compute)).toBe(2);
    cache.close();
    db.set(3);
    signal.notify();
    expect(await cache.get('a', db.compute)).toBe(2);
  });

  it('recomputes once the lifetime has passed, so changes made by other instances arrive', async () => {
    const db = source();
    let clock = 1_000;
    const cache = createAnswerCache({ ttlMs: 2_000, now: () => clock });
    expect(await cache.get('a', db.compute)).toBe(1);
    db.set(2);
    clock += 1_999;
    expect(await cache.get('a', db.compute)).toBe(1);
    clock += 1;
    expect(await cache.get('a', db.compute)).toBe(2);
    expect(db.reads).toBe(2);
  });

  it('does not keep failures, keeps at most maxEntries, and computes every time with a zero lifetime', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 2, now: () => 0 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    const db = source();
    const off = createAnswerCache({ ttlMs: 0 });
    await off.get('a', db.compute);
    await off.get('a', db.compute);
    expect(db.reads).toBe(2);
  });
});
