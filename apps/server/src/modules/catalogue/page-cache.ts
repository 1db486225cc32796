import { createHash } from 'node:crypto';
import type { ChangeSignal } from '../../lib/catalogue-changed.ts';

/*
 * Finished shop pages kept between requests (docs/decisions/034), invalidated like the catalogue's answers
 * (decision 017): a change of the catalogue made through this instance drops every page at once, and a
 * page is made again at most `ttlMs` after it was made, so other instances' changes arrive within that
 * time. A page past its time is still sent while its new version is being made (once, not once per
 * request), for at most one more `ttlMs`: the requests of a busy page never wait for its renderer.
 */

export interface PageCacheOptions {
  /** Lifetime of a page; 0 keeps nothing (every request makes its page). */
  ttlMs: number;
  signal: ChangeSignal;
  /** The oldest pages go beyond this many. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: Promise<T>;
  /** Set once made: what a request may get while the next version is made. */
  made?: T;
  madeAt: number;
  refreshing: boolean;
}

export interface PageCache<T> {
  /**
   * The page of `request` (what it is made for: address, language, the caller's session), kept or made
   * with `make`.
   */
  get(request: unknown[], make: () => Promise<T>): Promise<T>;
  close(): void;
}

export function createPageCache<T>(options: PageCacheOptions): PageCache<T> {
  const { ttlMs, maxEntries = 200 } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  // A change drops every page, and a page still being made from the old state is not kept.
  let generation = 0;
  const unsubscribe = options.signal.subscribe(() => {
    entries.clear();
    generation += 1;
  });

  const keep = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  const make = (key: string, build: () => Promise<T>): Entry<T> => {
    const startedIn = generation;
    const entry: Entry<T> = { value: build(), madeAt: now(), refreshing: false };
    entry.value.then(
      (made) => {
        entry.made = made;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    if (startedIn === generation) keep(key, entry);
    return entry;
  };

  const refresh = (key: string, stale: Entry<T>, build: () => Promise<T>) => {
    stale.refreshing = true;
    const startedIn = generation;
    build().then(
      (made) => {
        if (startedIn === generation && entries.get(key) === stale)
          keep(key, { value: Promise.resolve(made), made, madeAt: now(), refreshing: false });
      },
      () => {
        stale.refreshing = false;
      },
    );
  };

  return {
    get(request, build) {
      if (ttlMs <= 0) return build();
      const key = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
      const entry = entries.get(key);
      const age = entry ? now() - entry.madeAt : 0;
      if (entry && (age < ttlMs || entry.made === undefined)) return entry.value;
      if (entry && age < 2 * ttlMs) {
        if (!entry.refreshing) refresh(key, entry, build);
        return entry.value;
      }
      return make(key, build).value;
    },
    close: () => unsubscribe(),
  };
}
