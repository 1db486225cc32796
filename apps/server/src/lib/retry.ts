import {
  DelegateBackoff,
  ExponentialBackoff,
  halfJitterGenerator,
  handleWhen,
  type IBackoff,
  type IBackoffFactory,
  type IRetryBackoffContext,
  IterableBackoff,
  noJitterGenerator,
  retry as retryPolicy,
} from 'cockatiel';

/**
 * The store's one way to try an outbound call again (decision 026), built on cockatiel's retry policy
 * and back-offs. Calls retried in the process use `retry`; retries scheduled in the database (a supplier
 * purchase, a queued mail, a game's details) compute their next wait with `backoffDelay` from a
 * back-off of this module.
 */

type BackoffContext = IRetryBackoffContext<unknown>;

/** The waits between attempts: the first after the first failure, and so on. */
export type Backoff = IBackoffFactory<BackoffContext>;

/**
 * Waits doubling from `firstMs`, each at most `maxMs`. `jitter: 'half'` draws each wait between half
 * and all of it, so that callers failing together do not come back together.
 */
export function exponentialBackoff(options: {
  firstMs: number;
  maxMs: number;
  jitter?: 'none' | 'half';
}): Backoff {
  return new ExponentialBackoff({
    initialDelay: options.firstMs,
    maxDelay: options.maxMs,
    generator: options.jitter === 'half' ? halfJitterGenerator : noJitterGenerator,
  });
}

/** Waits growing by `stepMs` after each failure: `stepMs`, 2 × `stepMs`, 3 × `stepMs`… */
export function linearBackoff(stepMs: number): Backoff {
  return new DelegateBackoff<BackoffContext, number>((_context, failures = 0) => ({
    delay: (failures + 1) * stepMs,
    state: failures + 1,
  }));
}

/** The waits listed, one after each failure; the last one repeats. */
export function scheduleBackoff(waitsMs: readonly number[]): Backoff {
  if (waitsMs.length === 0) throw new Error('A schedule needs at least one wait');
  return new IterableBackoff(waitsMs);
}

const idle = new AbortController().signal;
const contextOf = (attempt: number): BackoffContext => ({
  attempt,
  signal: idle,
  result: { error: undefined },
});

/**
 * The wait after the `failures`-th failed attempt (1 for the first; less counts as 1), for a retry that
 * a job runs later from the database.
 */
export function backoffDelay(backoff: Backoff, failures: number): number {
  let step = backoff.next(contextOf(1));
  for (let attempt = 2; attempt <= failures; attempt++) step = step.next(contextOf(attempt));
  return step.duration;
}

export interface RetryOptions {
  /** Attempts in all, the first included (1: no retry). */
  attempts: number;
  /** Whether a failure may succeed when tried again; any other error is thrown at once. */
  retryOn: (error: unknown) => boolean;
  /** The waits between attempts. */
  backoff: Backoff;
  /** The wait after this failure given the back-off's, e.g. what a Retry-After header asks for. */
  delayFor?: (error: unknown, backoffMs: number) => number;
  /** Takes the waits instead of a timer (tests record them). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `call` (given its attempt number, from 1) and runs it again after each failure that `retryOn`
 * accepts, waiting as the back-off says, until it succeeds or `attempts` have failed; then the last
 * error is thrown.
 */
export function retry<T>(call: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { delayFor, sleep } = options;
  /** With `sleep`, the policy's own timer waits 0 and the wait is taken here before the next attempt. */
  let pendingWaitMs = 0;
  const adjust = (step: IBackoff<BackoffContext>, context: BackoffContext): IBackoff<BackoffContext> => {
    let duration = step.duration;
    if (delayFor && 'error' in context.result) duration = delayFor(context.result.error, duration);
    if (sleep) {
      pendingWaitMs = duration;
      duration = 0;
    }
    return { duration, next: (next) => adjust(step.next(next), next) };
  };
  const policy = retryPolicy(handleWhen(options.retryOn), {
    maxAttempts: Math.max(0, options.attempts - 1),
    backoff: { next: (context) => adjust(options.backoff.next(context), context) },
  });
  return policy.execute(async ({ attempt }) => {
    if (attempt > 0 && sleep) await sleep(pendingWaitMs);
    return call(attempt + 1);
  });
}
