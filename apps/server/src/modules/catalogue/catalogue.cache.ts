import type { ChangeSignal } from '../../lib/catalogue-changed.ts';

/**
 * A short-lived in-process cache of catalogue answers (docs/decisions/017-catalogue-answer-cache.md).
 * Entries are dropped at once when this process is told the catalogue changed (`catalogueChanged`), and
 * after `ttlMs` at the latest, so that other instances' writes reach this one within that time.
 * Concurrent misses for one key share a single computation.
 */
export interface AnswerCache {
  /** The cached answer for `key`, or the result of `compute` (kept for `ttlMs` unless a change arrives). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops every entry (a change was signalled). */
  clear(): void;
  readonly size: number;
  /** Stops listening to the change signal. */
  close(): void;
}

export interface AnswerCacheOptions {
  /** Lifetime of an entry; 0 disables the cache (every call computes). */
  ttlMs: number;
  /** Oldest entries are dropped beyond this many. */
  maxEntries?: number;
  signal?: ChangeSignal;
  now?: () => number;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { ttlMs, maxEntries = 1_000 } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // A change drops every entry, including computations still running: they may have read the old state.
  const clear = () => entries.clear();
  const unsubscribe = options.signal?.subscribe(clear);

  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return compute();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      const value = compute();
      entries.set(key, { expires: at + ttlMs, value });
      // Failures are not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear,
    get size() {
      return entries.size;
    },
    close() {
      unsubscribe?.();
    },
  };
}
