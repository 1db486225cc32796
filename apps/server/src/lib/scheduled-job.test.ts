import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduledJob, type ScheduledJobOptions } from './scheduled-job.ts';

/** An in-process stand-in for DbHandle.withLock that records the lock names asked for. */
function fakeLocks() {
  const held = new Set<string>();
  const asked: string[] = [];
  return {
    asked,
    withLock: async <T>(name: string, fn: () => Promise<T>) => {
      asked.push(name);
      if (held.has(name)) return { ran: false as const };
      held.add(name);
      try {
        return { ran: true as const, value: await fn() };
      } finally {
        held.delete(name);
      }
    },
  };
}

/** A round that waits until the test lets it finish. */
function gatedRound() {
  const calls: string[] = [];
  let open = () => {};
  return {
    calls,
    finish: () => open(),
    run: (label: string) => () => {
      calls.push(label);
      return new Promise<string>((resolve) => (open = () => resolve(label)));
    },
  };
}

describe('createScheduledJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const job = (options: Partial<ScheduledJobOptions> & Pick<ScheduledJobOptions, 'run'>) =>
    createScheduledJob({ name: 'test-job', intervalMs: 60_000, onError: () => {}, ...options });

  it('by default runs its first round one interval after start, then every interval', async () => {
    let rounds = 0;
    const scheduled = job({
      run: async () => {
        rounds += 1;
      },
    });
    scheduled.start();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000 * 2);
    expect(rounds).toBe(3);
    await scheduled.stop();
  });

  it('with a first-round delay runs it after that delay, then every interval from there', async () => {
    let rounds = 0;
    const scheduled = job({
      intervalMs: 24 * 60 * 60_000,
      firstRound: { at: 'delay', delayMs: 60_000 },
      run: async () => {
        rounds += 1;
      },
    });
    scheduled.start();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000 - 1);
    expect(rounds).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(2);
    await scheduled.stop();
  });

  it('at start runs `runFirst` at once, then `run` every interval', async () => {
    const rounds: string[] = [];
    const scheduled = job({
      firstRound: { at: 'start' },
      run: async () => {
        rounds.push('later');
      },
      runFirst: async () => {
        rounds.push('first');
      },
    });
    scheduled.start();
    expect(rounds).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toEqual(['first']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rounds).toEqual(['first', 'later']);
    await scheduled.stop();
  });

  it('takes the lock named after the job, or none when the round takes it itself', async () => {
    const locks = fakeLocks();
    const withLock = job({ dbHandle: locks, run: async () => 'swept' });
    expect(await withLock.tick()).toEqual({ ran: true, value: 'swept' });
    expect(locks.asked).toEqual(['test-job']);

    const selfLocked = job({ run: async () => ({ ran: false }) });
    expect(await selfLocked.tick()).toEqual({ ran: true, value: { ran: false } });
    expect(locks.asked).toEqual(['test-job']);
  });

  it('skips a round while the previous one runs', async () => {
    const round = gatedRound();
    const scheduled = job({ run: round.run('round') });
    scheduled.start();
    await vi.advanceTimersByTimeAsync(60_000 * 3);
    expect(round.calls).toEqual(['round']);
    round.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(round.calls).toEqual(['round', 'round']);
    round.finish();
    await scheduled.stop();
  });

  it('stop() waits for the round in progress and starts no new round, by timer or by tick', async () => {
    const round = gatedRound();
    const scheduled = job({ firstRound: { at: 'start' }, run: round.run('round') });
    scheduled.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(round.calls).toEqual(['round']);

    let stopped = false;
    const stopping = scheduled.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    round.finish();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(60_000 * 5);
    expect(await scheduled.tick()).toBeUndefined();
    expect(round.calls).toEqual(['round']);
  });

  it('stopped before a delayed first round, never runs it', async () => {
    let rounds = 0;
    const scheduled = job({
      firstRound: { at: 'delay', delayMs: 1_000 },
      run: async () => {
        rounds += 1;
      },
    });
    scheduled.start();
    await scheduled.stop();
    await vi.advanceTimersByTimeAsync(60_000 * 5);
    expect(rounds).toBe(0);
  });
});
