import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { createTestDb, testDatabaseUrl } from '../helpers/test-db.ts';

describe('DbHandle.withLock', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs the work and answers its value', async () => {
    await expect(handle.withLock('job-a', async () => 42)).resolves.toEqual({ ran: true, value: 42 });
  });

  it('refuses a second holder while the first runs, and frees the lock afterwards', async () => {
    let release = () => {};
    const first = handle.withLock(
      'job-b',
      () => new Promise<string>((resolve) => (release = () => resolve('done'))),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(handle.withLock('job-b', async () => 'second')).resolves.toEqual({ ran: false });
    await expect(handle.withLock('job-c', async () => 'other lock')).resolves.toEqual({
      ran: true,
      value: 'other lock',
    });
    release();
    await expect(first).resolves.toEqual({ ran: true, value: 'done' });
    await expect(handle.withLock('job-b', async () => 'again')).resolves.toEqual({
      ran: true,
      value: 'again',
    });
  });

  it('frees the lock when the work fails', async () => {
    await expect(handle.withLock('job-d', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    await expect(handle.withLock('job-d', async () => 'ok')).resolves.toEqual({ ran: true, value: 'ok' });
  });

  it.runIf(testDatabaseUrl)(
    'on PostgreSQL, excludes a holder in another connection pool (another instance)',
    async () => {
      const { openDb } = await import('../../src/db/client.ts');
      const url = (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const other = await openDb({ databaseUrl: url, poolMax: 2 });
      try {
        let release = () => {};
        const first = handle.withLock('job-e', () => new Promise<void>((resolve) => (release = resolve)));
        await new Promise((resolve) => setTimeout(resolve, 50));
        await expect(other.withLock('job-e', async () => 'other instance')).resolves.toEqual({ ran: false });
        release();
        await first;
        await expect(other.withLock('job-e', async () => 'now free')).resolves.toEqual({
          ran: true,
          value: 'now free',
        });
      } finally {
        await other.close();
      }
    },
  );
});
