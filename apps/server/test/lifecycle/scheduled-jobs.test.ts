import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import type { GameDataSource } from '../../src/modules/gamedata/game-data.port.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { createTestDb, testDatabaseUrl, testDbKind } from '../helpers/test-db.ts';

/**
 * Watches the rounds run under DbHandle.withLock by one or more instances of the store: which instance
 * ran which lock, whether two ever held the same lock at once, and gates that hold a round (lock taken)
 * until the test lets it go on.
 */
function lockWatch() {
  const active = new Map<string, number>();
  const overlaps: string[] = [];
  const rounds: string[] = [];
  const gates = new Map<string, { entered: () => void; held: Promise<void> }>();
  return {
    overlaps,
    rounds,
    /** Holds the next round of `name` in `instance`; `entered` resolves once the round holds the lock. */
    gate(instance: string, name: string) {
      let entered = () => {};
      let release = () => {};
      const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      gates.set(`${instance}:${name}`, { entered, held });
      return { entered: enteredPromise, release };
    },
    instrument(instance: string, handle: DbHandle): DbHandle {
      return {
        ...handle,
        withLock: (name, fn) =>
          handle.withLock(name, async () => {
            const holders = (active.get(name) ?? 0) + 1;
            active.set(name, holders);
            if (holders > 1) overlaps.push(name);
            rounds.push(`${instance}:${name}`);
            try {
              const gate = gates.get(`${instance}:${name}`);
              if (gate) {
                gates.delete(`${instance}:${name}`);
                gate.entered();
                await gate.held;
              }
              const value = await fn();
              rounds.push(`${instance}:${name} done`);
              return value;
            } finally {
              active.set(name, (active.get(name) ?? 1) - 1);
            }
          }),
      };
    },
  };
}

const noGames: GameDataSource = { kind: 'rawg', fetchGame: async () => null };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe(`scheduled jobs and shutdown (${testDbKind})`, () => {
  it('app.close() waits for the rounds in progress (reconciliation, retention, game data) and starts no new one', async () => {
    const watch = lockWatch();
    const reconcile = watch.gate('A', 'reconcile-payments');
    const ctx = await buildTestApp(
      {},
      { dbHandle: watch.instrument('A', await createTestDb()), gameDataSource: noGames },
    );
    let closed = false;
    try {
      // Reconciliation runs at start; retention and game data are started here as their timers would.
      await reconcile.entered;
      const retention = watch.gate('A', 'retention');
      const gameData = watch.gate('A', 'game-data');
      const jobs = ctx.app.scheduledJobs;
      void jobs.get('retention')?.tick();
      void jobs.get('game-data')?.tick();
      await Promise.all([retention.entered, gameData.entered]);

      const closing = ctx.app.close().then(() => {
        closed = true;
        watch.rounds.push('closed');
      });
      await settle();
      expect(closed).toBe(false);
      reconcile.release();
      retention.release();
      await settle();
      expect(closed).toBe(false);
      gameData.release();
      await closing;

      // The mail dispatcher and invoice numbering run on their own (kicked, every second): left out here.
      const ofJobs = watch.rounds.filter(
        (round) => !round.startsWith('A:mail-dispatcher') && !round.startsWith('A:invoice-numbering'),
      );
      expect(ofJobs.slice(-4).sort()).toEqual([
        'A:game-data done',
        'A:reconcile-payments done',
        'A:retention done',
        'closed',
      ]);
      expect(ofJobs.at(-1)).toBe('closed');
      // Closed: no job starts a round any more.
      const before = watch.rounds.length;
      for (const job of jobs.values()) expect(await job.tick()).toBeUndefined();
      expect(watch.rounds.length).toBe(before);
    } finally {
      if (!closed) await ctx.app.close();
      await ctx.dbHandle.close();
      rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(testDatabaseUrl)(
    'two instances on one PostgreSQL database never run the same job round at once',
    async () => {
      const watch = lockWatch();
      const base = await createTestDb();
      const url = (base.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const reconcile = watch.gate('A', 'reconcile-payments');
      let a: TestContext | undefined;
      let b: TestContext | undefined;
      // Invoice numbering runs every second: a round of its own could be the one a tick below joins
      // instead of starting the gated one. Once a minute here.
      const env = { INVOICE_NUMBERING_MS: '60000' };
      try {
        a = await buildTestApp(env, { dbHandle: watch.instrument('A', base), gameDataSource: noGames });
        await reconcile.entered;
        b = await buildTestApp(env, {
          dbHandle: watch.instrument('B', await openDb({ databaseUrl: url, poolMax: 5 })),
          gameDataSource: noGames,
        });
        const names = [...a.app.scheduledJobs.keys()].sort();
        expect(names).toEqual([
          'dispute-evidence',
          'expired-sessions',
          'game-data',
          'gift-deliveries',
          'invoice-numbering',
          'local-payment-settlement',
          'preorder-deliveries',
          'reconcile-payments',
          'reservation-sweeper',
          'retention',
          'review-deadline',
          'withdrawal-refunds',
        ]);
        for (const name of names) {
          const jobA = a.app.scheduledJobs.get(name);
          const jobB = b.app.scheduledJobs.get(name);
          if (!jobA || !jobB) throw new Error(`job ${name} missing`);
          // A's round of the job is in progress (reconciliation: its round at start)...
          let gate = name === 'reconcile-payments' ? reconcile : undefined;
          if (!gate) {
            gate = watch.gate('A', name);
            let entered = false;
            void gate.entered.then(() => {
              entered = true;
            });
            // A tick joins a round its timer already started (not gated): once that one is over, the
            // next tick starts the gated round.
            while (!entered) await Promise.race([jobA.tick(), gate.entered]);
          }
          // ...so B's round is skipped, whether B takes the lock or the service does.
          const before = watch.rounds.length;
          await jobB.tick();
          expect(watch.rounds.slice(before)).not.toContain(`B:${name}`);
          gate.release();
          await jobA.stop();
          // Once A's round is over, B runs one (a tick may first join a round B's timer started while
          // A still held the lock, which was skipped).
          const after = watch.rounds.length;
          while (!watch.rounds.slice(after).includes(`B:${name} done`)) await jobB.tick();
        }
        expect(watch.overlaps).toEqual([]);
      } finally {
        // A failed expectation must not leave A's round held: closing A would wait for it for ever.
        reconcile.release();
        await b?.close();
        if (a) await a.close();
        else await base.close();
      }
    },
    // A bound for a stuck run, not a speed target: each of the eleven jobs runs a round on each instance.
    120_000,
  );
});
