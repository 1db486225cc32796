import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbHandle, LockOutcome } from '../db/client.ts';

/**
 * A job run every `intervalMs` under the database lock `name` (DbHandle.withLock), so that one instance
 * runs it at a time: an instance that finds the lock taken skips that round. A round never overlaps the
 * previous one in this process; stop() starts no new round and waits for the round in progress.
 */
export interface ScheduledJob {
  readonly name: string;
  start(): void;
  /** Runs a round now (unless one is running or the job is stopped); answers whether this instance got the lock. */
  tick(): Promise<LockOutcome<unknown> | undefined>;
  stop(): Promise<void>;
}

/**
 * When the first round runs after start(): at once (on the next turn of the event loop), after a delay,
 * or one interval later (the default); the rounds after it follow every `intervalMs`.
 */
export type FirstRound = { at: 'start' } | { at: 'delay'; delayMs: number } | { at: 'interval' };

export interface ScheduledJobOptions {
  /** The job's name, and the name of its database lock. */
  name: string;
  intervalMs: number;
  firstRound?: FirstRound;
  /**
   * Takes the lock `name` around each round. Leave it out when `run` takes that lock itself (services
   * that are also called outside the schedule, such as the supplier sync started by an administrator).
   */
  dbHandle?: Pick<DbHandle, 'withLock'> | undefined;
  /** One round. */
  run: () => Promise<unknown>;
  /** The first round, when it differs from the others (payment reconciliation at start). */
  runFirst?: () => Promise<unknown>;
  onError: (error: unknown) => void;
}

export function createScheduledJob(options: ScheduledJobOptions): ScheduledJob {
  const firstRound = options.firstRound ?? { at: 'interval' };
  let firstTimeout: NodeJS.Timeout | undefined;
  let firstImmediate: NodeJS.Immediate | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<LockOutcome<unknown> | undefined> | undefined;

  const locked = (work: () => Promise<unknown>): Promise<LockOutcome<unknown>> =>
    options.dbHandle
      ? options.dbHandle.withLock(options.name, work)
      : work().then((value) => ({ ran: true as const, value }));

  const round = (work: () => Promise<unknown>) => {
    if (stopped) return Promise.resolve(undefined);
    running ??= locked(work)
      .catch((error: unknown) => {
        options.onError(error);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const clearTimers = () => {
    clearTimeout(firstTimeout);
    clearImmediate(firstImmediate);
    clearInterval(timer);
  };

  const every = () => {
    timer = setInterval(() => void round(options.run), options.intervalMs);
    timer.unref();
  };

  return {
    name: options.name,
    start() {
      clearTimers();
      stopped = false;
      const work = options.runFirst ?? options.run;
      if (firstRound.at === 'start') {
        every();
        firstImmediate = setImmediate(() => void round(work));
        return;
      }
      firstTimeout = setTimeout(
        () => {
          void round(work);
          every();
        },
        firstRound.at === 'delay' ? firstRound.delayMs : options.intervalMs,
      );
      firstTimeout.unref();
    },
    tick: () => round(options.run),
    async stop() {
      stopped = true;
      clearTimers();
      await running;
    },
  };
}

/** Starts the job when the app is ready; closing the app starts no new round and waits for the one in progress. */
export function scheduleWithApp(app: FastifyInstance, job: ScheduledJob): ScheduledJob {
  if (!app.hasDecorator('scheduledJobs')) app.decorate('scheduledJobs', new Map<string, ScheduledJob>());
  app.scheduledJobs.set(job.name, job);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  return job;
}

/** A job's options with its failures logged: `failed` is the log line of a round that throws. */
export type LoggedJobOptions = Omit<ScheduledJobOptions, 'onError'> & { failed: string };

/** A job whose failed rounds are logged as errors on `log` (`failed`, with the error). */
export function createLoggedJob(
  log: Pick<FastifyBaseLogger, 'error'>,
  { failed, ...options }: LoggedJobOptions,
): ScheduledJob {
  return createScheduledJob({ ...options, onError: (error) => log.error({ err: error }, failed) });
}

/** A job logged on the app's log (createLoggedJob), started and stopped with the app (scheduleWithApp). */
export function scheduleAppJob(app: FastifyInstance, options: LoggedJobOptions): ScheduledJob {
  return scheduleWithApp(app, createLoggedJob(app.log, options));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's scheduled jobs by name (tests run a round with `tick()`). */
    scheduledJobs: Map<string, ScheduledJob>;
  }
}
