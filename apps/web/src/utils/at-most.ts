/** Waits for a promise, but never longer than `ms`: a slow answer must not hold the page back. */
export function atMost(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
}
