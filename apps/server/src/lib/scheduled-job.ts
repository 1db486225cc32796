import type { DbHandle, LockOutcome } from '../db/client.ts';

/**
 * A job run every `intervalMs` under the database lock `name` (DbHandle.withLock), so that one instance
 * runs it at a time: an instance that finds the lock taken skips that round. A round never overlaps the
 * previous one in this process, and stop() waits for the round in progress.
 */
export interface ScheduledJob {
  start(): void;
  /** Runs a round now (unless one is running); answers whether this instance got the lock. */
  tick(): Promise<LockOutcome<unknown> | undefined>;
  stop(): Promise<void>;
}

export function createScheduledJob(options: {
  name: string;
  intervalMs: number;
  dbHandle: Pick<DbHandle, 'withLock'>;
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
}): ScheduledJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<LockOutcome<unknown> | undefined> | undefined;
  const tick = () => {
    running ??= options.dbHandle
      .withLock(options.name, options.run)
      .catch((error: unknown) => {
        options.onError(error);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    start() {
      clearInterval(timer);
      timer = setInterval(() => void tick(), options.intervalMs);
      timer.unref();
    },
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
