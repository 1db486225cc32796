import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  exponentialBackoff,
  linearBackoff,
  type RetryOptions,
  retry,
  scheduleBackoff,
} from './retry.ts';

class Transient extends Error {
  readonly waitMs: number | undefined;
  constructor(waitMs?: number) {
    super('transient');
    this.waitMs = waitMs;
  }
}

/** A call that fails with the given errors, in order, then answers `done`. */
function failing(...errors: Error[]) {
  const attempts: number[] = [];
  return {
    attempts,
    call: async (attempt: number) => {
      attempts.push(attempt);
      const error = errors.shift();
      if (error) throw error;
      return 'done';
    },
  };
}

function options(overrides: Partial<RetryOptions> = {}) {
  const waits: number[] = [];
  return {
    waits,
    options: {
      attempts: 4,
      retryOn: (error: unknown) => error instanceof Transient,
      backoff: exponentialBackoff({ firstMs: 100, maxMs: 1_000 }),
      sleep: async (ms: number) => {
        waits.push(ms);
      },
      ...overrides,
    } satisfies RetryOptions,
  };
}

describe('retry', () => {
  it('answers at once when the first attempt succeeds', async () => {
    const { call, attempts } = failing();
    const { options: o, waits } = options();
    await expect(retry(call, o)).resolves.toBe('done');
    expect(attempts).toEqual([1]);
    expect(waits).toEqual([]);
  });

  it('tries again after the failures it accepts, waiting as the back-off says', async () => {
    const { call, attempts } = failing(new Transient(), new Transient());
    const { options: o, waits } = options();
    await expect(retry(call, o)).resolves.toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after the last attempt with its error, and waits only between attempts', async () => {
    const last = new Transient();
    const { call, attempts } = failing(new Transient(), new Transient(), new Transient(), last);
    const { options: o, waits } = options();
    await expect(retry(call, o)).rejects.toBe(last);
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('throws any other error at once', async () => {
    const refused = new Error('refused');
    const { call, attempts } = failing(new Transient(), refused);
    const { options: o } = options();
    await expect(retry(call, o)).rejects.toBe(refused);
    expect(attempts).toEqual([1, 2]);
  });

  it('makes one attempt when attempts is 1', async () => {
    const { call, attempts } = failing(new Transient());
    const { options: o, waits } = options({ attempts: 1 });
    await expect(retry(call, o)).rejects.toBeInstanceOf(Transient);
    expect(attempts).toEqual([1]);
    expect(waits).toEqual([]);
  });

  it('lets a failure set its own wait (a Retry-After), else keeps the back-off', async () => {
    const { call } = failing(new Transient(3_000), new Transient());
    const { options: o, waits } = options({
      delayFor: (error, backoffMs) => (error instanceof Transient ? (error.waitMs ?? backoffMs) : backoffMs),
    });
    await retry(call, o);
    expect(waits).toEqual([3_000, 200]);
  });

  it('waits on a real timer without a sleep of its own', async () => {
    const { call, attempts } = failing(new Transient(), new Transient());
    const started = performance.now();
    await retry(call, {
      attempts: 3,
      retryOn: (error) => error instanceof Transient,
      backoff: scheduleBackoff([20, 30]),
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });
});

describe('back-offs', () => {
  it('doubles from the first wait up to the cap', () => {
    const backoff = exponentialBackoff({ firstMs: 60_000, maxMs: 6 * 3600_000 });
    expect([1, 2, 3, 4, 9, 10, 50].map((n) => backoffDelay(backoff, n))).toEqual([
      60_000, 120_000, 240_000, 480_000, 15_360_000, 21_600_000, 21_600_000,
    ]);
    expect(backoffDelay(backoff, 0)).toBe(60_000);
  });

  it('with half jitter, draws each wait between half and all of the doubled one', () => {
    const backoff = exponentialBackoff({ firstMs: 300, maxMs: 8_000, jitter: 'half' });
    for (let i = 0; i < 50; i++) {
      for (const [failures, full] of [
        [1, 300],
        [2, 600],
        [3, 1_200],
        [7, 8_000],
      ] as const) {
        const wait = backoffDelay(backoff, failures);
        expect(wait).toBeGreaterThanOrEqual(full / 2 - 1);
        expect(wait).toBeLessThanOrEqual(full);
      }
    }
  });

  it('follows a schedule and repeats its last wait', () => {
    const backoff = scheduleBackoff([10_000, 30_000, 120_000]);
    expect([1, 2, 3, 4, 20].map((n) => backoffDelay(backoff, n))).toEqual([
      10_000, 30_000, 120_000, 120_000, 120_000,
    ]);
    expect(() => scheduleBackoff([])).toThrow();
  });

  it('grows by one step a failure', () => {
    const backoff = linearBackoff(600_000);
    expect([1, 2, 4].map((n) => backoffDelay(backoff, n))).toEqual([600_000, 1_200_000, 2_400_000]);
  });

  it('gives the same waits to retry and to backoffDelay', async () => {
    const backoff = linearBackoff(7);
    const { call } = failing(new Transient(), new Transient(), new Transient());
    const { options: o, waits } = options({ backoff });
    await retry(call, o);
    expect(waits).toEqual([1, 2, 3].map((n) => backoffDelay(backoff, n)));
  });
});
