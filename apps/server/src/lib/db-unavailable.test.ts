import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-unavailable.ts';

describe('isDatabaseUnavailable', () => {
  it('recognises lost connections, directly or as the cause of a wrapped error', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
