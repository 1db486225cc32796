/**
 * Rolling restart under load: two store processes behind nginx on PostgreSQL (deploy/cluster.ts), 50
 * shoppers (one connection each) reading the catalogue, adding to the cart, checking out and paying, while
 * every instance is restarted in turn, twice. Counts every request that did not get the answer a shopper
 * expects (bench/lib/mixed-load.ts). Writes bench/results/rolling-restart.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { createKeyVault } from '../apps/server/src/lib/key-vault.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { insertCustomer, insertGame } from '../apps/server/test/factories.ts';
import { ensureConnectionHandoff, findNginx, startCluster } from '../deploy/cluster.ts';
import {
  BENCH_KEY,
  type BenchOptions,
  dropDatabase,
  fmt,
  freshDatabase,
  machine,
  pass,
  percentile,
  RESULTS,
  SHARED_NOTE,
  sleep,
  table,
} from './lib/common.ts';
import { loginCookie, type MixedLoadResult, runMixedLoad } from './lib/mixed-load.ts';

const PASSWORD = 'bench-customer-password-42';
const RESTARTS = 2;

async function measure(
  options: BenchOptions,
  withRestarts: boolean,
): Promise<{ result: MixedLoadResult; elapsed: number }> {
  const log = (line: string) => process.stdout.write(`[rolling restart] ${line}\n`);
  const dbName = `keyland_bench_restart_${withRestarts ? 'on' : 'off'}`;
  const databaseUrl = await freshDatabase(dbName);
  const cluster = await startCluster({
    instances: 2,
    port: 0,
    databaseUrl,
    install: false,
    log: (line) => {
      if (!line.startsWith('[store-')) log(line);
    },
    // Each shopper checks out far more often than a person: the fraud velocity caps are off.
    env: {
      KEY_ENCRYPTION_KEY: BENCH_KEY,
      SEED_ON_EMPTY: 'false',
      CHECKOUT_LIMIT_ACCOUNT_HOUR: '0',
      CHECKOUT_LIMIT_ACCOUNT_DAY: '0',
    },
  });
  const db = await openDb({ databaseUrl, poolMax: 4 });
  try {
    const keyVault = createKeyVault(BENCH_KEY);
    const keys = 3_000;
    const products: string[] = [];
    for (let i = 0; i < 5; i++)
      products.push((await insertGame(db.db, keyVault, { title: `Restart ${i}` }, { keys })).game.productId);
    const passwordHash = await hashPassword(PASSWORD);
    const cookies: string[] = [];
    for (let i = 0; i < options.connections; i++) {
      const { customer } = await insertCustomer(db.db, { passwordHash });
      cookies.push(await loginCookie(cluster.url, customer.email, PASSWORD));
    }
    let stop = false;
    const started = performance.now();
    const load = runMixedLoad({ baseUrl: cluster.url, cookies, productIds: products, stop: () => stop });
    await sleep(options.warmup * 1000);
    if (withRestarts) {
      for (let round = 1; round <= RESTARTS; round++) {
        log(`restart ${round} of ${RESTARTS}`);
        await cluster.rollingRestart();
      }
    } else {
      await sleep(options.duration * 1000);
    }
    stop = true;
    const result = await load;
    return { result, elapsed: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
    await cluster.stop();
    await dropDatabase(dbName);
  }
}

export async function benchRollingRestart(options: BenchOptions): Promise<void> {
  if (!findNginx(false, () => {})) {
    process.stdout.write('rolling restart: nginx is not installed (apt-get install nginx); skipped\n');
    return;
  }
  const handoff = ensureConnectionHandoff((line) => process.stdout.write(`${line}\n`));
  const startedAt = new Date();
  const machineLine = machine();
  const calm = await measure(options, false);
  const restarts = await measure(options, true);
  const row = (run: { result: MixedLoadResult; elapsed: number }) => [
    `${run.result.requests} in ${fmt(run.elapsed, 1)} s (${fmt(run.result.requests / run.elapsed, 0)}/s)`,
    `${run.result.errorCount} (${pass(run.result.errorCount === 0)})`,
    `${fmt(percentile(run.result.latencies, 50))} / ${fmt(percentile(run.result.latencies, 99))}`,
    String(run.result.paid),
  ];
  const summary = table(
    ['run', 'requests', 'failed requests (target 0)', 'p50 / p99 ms', 'orders paid'],
    [
      ['no restart', ...row(calm)],
      [`${RESTARTS} rolling restarts of both instances`, ...row(restarts)],
    ],
  );
  const errors = [...calm.result.errors, ...restarts.result.errors].slice(0, 10);
  process.stdout.write(`\n${summary}\n${errors.join('\n')}\n`);
  writeFileSync(
    path.join(RESULTS, 'rolling-restart.md'),
    `# Rolling restart benchmark

Run ${startedAt.toISOString()} on ${machineLine}.

${SHARED_NOTE}

Set-up: \`deploy/cluster.ts\` with two store processes on PostgreSQL behind nginx; ${options.connections}
shoppers, one keep-alive connection each, looping over a catalogue page, adding a game to the cart and,
every other round, creating a checkout session and paying on the local provider's page
(\`bench/lib/mixed-load.ts\`). Every answer other than the expected one counts as a failure (network
errors, 5xx, nginx error pages, unexpected statuses); nothing is retried. Each rolling restart hands each
instance's port to a new process (SO_REUSEPORT) before the old one stops listening and finishes its
requests; nginx is never reloaded. Connection hand-over of queued connections
(net.ipv4.tcp_migrate_req): ${handoff ? 'on' : 'OFF'}.

${summary}
${errors.length > 0 ? `\nFirst failures:\n${errors.map((line) => `- ${line}`).join('\n')}\n` : ''}
Reproduce: \`npm run bench -- --only restart\`.
`,
  );
}
