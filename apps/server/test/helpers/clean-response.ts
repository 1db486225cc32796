import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Signs of leaked internals: stack frames, source paths, SQL. */
export const LEAK =
  /\bat .+\.(ts|js):\d+|node_modules|\/src\/|\bselect\b.+\bfrom\b|\binsert into\b|syntax error at|violates .*constraint/i;

/**
 * What is wrong with an answer to a hostile request, if anything: a 5xx, leaked internals, or an error
 * body outside the `{ error, message }` contract.
 */
export function cleanProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (LEAK.test(response.body)) return `leak: ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
    let body: { error?: unknown; message?: unknown };
    try {
      body = response.json() as typeof body;
    } catch {
      return `unreadable JSON error body: ${response.body.slice(0, 200)}`;
    }
    if (!(typeof body.error === 'string' || body.error === undefined))
      return `error is not a code: ${response.body}`;
    if (typeof body.message !== 'string') return `no message: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

/** Never a 5xx, never a leak, and errors in the API's contract. */
export function expectClean(response: LightMyRequestResponse, context: string): void {
  expect(
    response.statusCode,
    `${context} → ${response.statusCode} ${response.body.slice(0, 200)}`,
  ).toBeLessThan(500);
  expect(response.body, context).not.toMatch(LEAK);
  if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
    const body = response.json() as { error?: unknown; message?: unknown };
    expect(typeof body.error === 'string' || body.error === undefined, context).toBe(true);
    expect(typeof body.message, context).toBe('string');
  }
}
