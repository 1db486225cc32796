import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { createScheduledJob } from '../../src/lib/scheduled-job.ts';
import { createTestDb, testDbKind } from '../helpers/test-db.ts';

describe(`scheduled jobs under the database lock (${testDbKind})`, () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.close());

  const job = (run: () => Promise<unknown>, errors: unknown[] = []) =>
    createScheduledJob({
      name: 'reservation-sweeper',
      intervalMs: 60_000,
      dbHandle: handle,
      run,
      onError: (error) => errors.push(error),
    });

  it('skips its round while another instance holds the job lock, and runs once the lock is free', async () => {
    let rounds = 0;
    const sweeper = job(async () => {
      rounds += 1;
    });
    let release = () => {};
    const other = handle.withLock(
      'reservation-sweeper',
      () => new Promise<void>((resolve) => (release = () => resolve())),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sweeper.tick()).toEqual({ ran: false });
    expect(rounds).toBe(0);
    release();
    await other;
    expect(await sweeper.tick()).toMatchObject({ ran: true });
    expect(rounds).toBe(1);
  });

  it('stop() waits for the round in progress; a failing round is reported, not thrown', async () => {
    const steps: string[] = [];
    let finish = () => {};
    const sweeper = job(
      () =>
        new Promise<void>((resolve) => {
          steps.push('round started');
          finish = () => {
            steps.push('round finished');
            resolve();
          };
        }),
    );
    const round = sweeper.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = sweeper.stop().then(() => steps.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual(['round started']);
    finish();
    await Promise.all([round, stopped]);
    expect(steps).toEqual(['round started', 'round finished', 'stopped']);

    const errors: unknown[] = [];
    const failing = job(() => Promise.reject(new Error('database away')), errors);
    expect(await failing.tick()).toBeUndefined();
    expect(String(errors[0])).toContain('database away');
  });
});
