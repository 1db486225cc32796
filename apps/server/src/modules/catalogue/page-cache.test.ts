import { describe, expect, it } from 'vitest';
import { createChangeSignal } from '../../lib/catalogue-changed.ts';
import { createPageCache } from './page-cache.ts';

/** A page standing for the renderer: each making reads the catalogue's current state. */
function renderer() {
  let state = 'v1';
  let made = 0;
  let held: Promise<void> | undefined;
  let release: () => void = () => {};
  return {
    make: async () => {
      made += 1;
      const seen = state;
      const wait = held;
      held = undefined;
      if (wait) await wait;
      return seen;
    },
    set: (next: string) => {
      state = next;
    },
    /** The next making waits for `finish()`. */
    hold: () => {
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    finish: () => release(),
    get made() {
      return made;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('rendered pages kept between requests', () => {
  it('keeps a page for its request, shares one making, and keeps callers apart', async () => {
    const pages = renderer();
    const cache = createPageCache<string>({ ttlMs: 1_000, signal: createChangeSignal(), now: () => 0 });
    const visitor = ['/store', 'en', null];
    expect(await Promise.all([cache.get(visitor, pages.make), cache.get(visitor, pages.make)])).toEqual([
      'v1',
      'v1',
    ]);
    expect(pages.made).toBe(1);
    await cache.get(['/store', 'en', { email: 'ana@example.com' }], pages.make);
    await cache.get(['/store', 'de', null], pages.make);
    expect(pages.made).toBe(3);
  });

  it('drops every page when the catalogue changes, even one still being made from the old state', async () => {
    const pages = renderer();
    const signal = createChangeSignal();
    const cache = createPageCache<string>({ ttlMs: 60_000, signal, now: () => 0 });
    expect(await cache.get(['/'], pages.make)).toBe('v1');
    pages.set('v2');
    expect(await cache.get(['/'], pages.make)).toBe('v1');
    signal.notify();
    expect(await cache.get(['/'], pages.make)).toBe('v2');

    pages.hold();
    const old = cache.get(['/old'], pages.make);
    signal.notify();
    pages.finish();
    await old;
    pages.set('v3');
    expect(await cache.get(['/old'], pages.make)).toBe('v3');
  });

  it('sends a page past its time while it is made again once, and never one older than twice its time', async () => {
    let now = 0;
    const pages = renderer();
    const cache = createPageCache<string>({ ttlMs: 1_000, signal: createChangeSignal(), now: () => now });
    await cache.get(['/'], pages.make);
    pages.set('v2');
    now = 1_500;
    expect(await Promise.all([cache.get(['/'], pages.make), cache.get(['/'], pages.make)])).toEqual([
      'v1',
      'v1',
    ]);
    await flush();
    expect(pages.made).toBe(2);
    expect(await cache.get(['/'], pages.make)).toBe('v2');

    pages.set('v3');
    now = 5_000;
    expect(await cache.get(['/'], pages.make)).toBe('v3');
  });

  it('keeps nothing with a lifetime of 0, and drops the oldest beyond its bound', async () => {
    const pages = renderer();
    const off = createPageCache<string>({ ttlMs: 0, signal: createChangeSignal() });
    await off.get(['/'], pages.make);
    await off.get(['/'], pages.make);
    expect(pages.made).toBe(2);
    const small = createPageCache<string>({
      ttlMs: 60_000,
      signal: createChangeSignal(),
      maxEntries: 1,
      now: () => 0,
    });
    await small.get(['/a'], pages.make);
    await small.get(['/b'], pages.make);
    await small.get(['/a'], pages.make);
    expect(pages.made).toBe(5);
  });
});
