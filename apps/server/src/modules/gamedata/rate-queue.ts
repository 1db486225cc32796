/**
 * Spaces calls out to at most `perSecond` starts per second, in the order they were asked for (one
 * process). `sleep` and `now` are injectable for tests.
 */
export function createRateQueue(
  perSecond: number,
  options: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
) {
  const interval = 1000 / perSecond;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let nextSlot = 0;
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    const at = Math.max(now(), nextSlot);
    nextSlot = at + interval;
    const wait = at - now();
    if (wait > 0) await sleep(wait);
    return task();
  };
}
