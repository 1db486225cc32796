/**
 * Shop pages benchmark (docs/decisions/034): the HTML of the shop's pages rendered by the server, on
 * PostgreSQL with the benchmark catalogue, at N connections — a visitor's /publicstore (welcome splash)
 * and /publicstore?page=1 (games), a logged-in customer's /store — beside a bare Fastify route sending the
 * same compressed HTML (each page's ceiling). Then the production bundle serving the web app: its RSS after the
 * same load and its cold start, beside the same bundle without the web app. Writes bench/results/pages.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { compressText } from '../apps/server/src/lib/compress-text.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { openRuntime } from '../apps/server/src/runtime.ts';
import { insertCustomer } from '../apps/server/test/factories.ts';
import { NODE_FLAGS } from '../deploy/cluster.ts';
import { createCustomer } from './lib/client.ts';
import {
  type BenchOptions,
  dropDatabase,
  fmt,
  freshDatabase,
  type LoadResult,
  machine,
  measureLoad,
  NODE,
  pass,
  percentile,
  RESULTS,
  ROOT,
  rssMb,
  SHARED_NOTE,
  serverEnv,
  startServer,
  table,
} from './lib/common.ts';
import { seedCatalogue } from './lib/seed.ts';

const DIST = path.join(ROOT, 'apps/web/dist');
const PASSWORD = 'bench-pages-password-42';
/** What a browser sends: brotli accepted, English first. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

const loadPage = (
  url: string,
  headers: Record<string, string>,
  options: Pick<BenchOptions, 'duration' | 'warmup' | 'connections'>,
): Promise<LoadResult> => measureLoad({ url, headers: { ...BROWSER, ...headers } }, options);

interface Row {
  label: string;
  result: LoadResult;
  target: 'visitor' | 'customer' | 'informative';
  /** The name of the page's copy on the bare route (its ceiling). */
  page?: 'splash' | 'games' | 'store';
  /** Requests/s of the bare route sending the same bytes. */
  ceiling?: number;
}

export async function benchPages(options: BenchOptions): Promise<void> {
  const log = (text: string) => process.stdout.write(`[pages] ${text}\n`);
  if (!existsSync(path.join(DIST, '.server', 'entry-server.js'))) {
    throw new Error('apps/web/dist has no server bundle: run `npm run build` first');
  }
  const startedAt = new Date();
  const machineLine = machine();
  const dbName = 'keyland_bench_pages';
  const databaseUrl = await freshDatabase(dbName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyland-bench-pages-'));
  const env = serverEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WEB_DIST_DIR: DIST });
  const rows: Row[] = [];
  let footprint: { rss: number; rssBare: number; startsWeb: number[]; startsBare: number[] } | undefined;
  try {
    log(`seeding ${options.games} games into PostgreSQL`);
    await seedCatalogue(env, options.games);
    const runtime = await openRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    let email = '';
    try {
      email = (await insertCustomer(runtime.dbHandle.db, { passwordHash: await hashPassword(PASSWORD) }))
        .customer.email;
    } finally {
      await runtime.dbHandle.close();
    }
    const login = async (url: string) => {
      const customer = createCustomer(url);
      const answer = await customer.post('/api/kl_api/login', { email, password: PASSWORD });
      if (answer.status !== 200 || !customer.cookie) throw new Error(`login failed: ${answer.status}`);
      return { cookie: `keyland_session=${customer.cookie}` };
    };
    const pages = async (url: string, loadOptions = options) => {
      const cookie = await login(url);
      return {
        splash: await loadPage(`${url}/publicstore`, {}, loadOptions),
        games: await loadPage(`${url}/publicstore?page=1`, {}, loadOptions),
        store: await loadPage(`${url}/store`, cookie, loadOptions),
      };
    };

    const store = await startServer(env);
    // Each page as the store sends it (fetch() takes the brotli off): the ceiling sends the same, compressed.
    const copies: Record<string, string> = {};
    try {
      const cookie = await login(store.url);
      for (const [name, url, headers] of [
        ['splash', '/publicstore', {}],
        ['games', '/publicstore?page=1', {}],
        ['store', '/store', cookie],
      ] as const) {
        copies[name] = await (
          await fetch(`${store.url}${url}`, { headers: { ...BROWSER, ...headers } })
        ).text();
      }
      if (!copies.games?.includes('data-testid="game-card"')) throw new Error('the page was not rendered');
      log('store (source): /publicstore, /publicstore?page=1, /store');
      const measured = await pages(store.url);
      rows.push(
        {
          label: 'visitor /publicstore (welcome splash)',
          result: measured.splash,
          target: 'visitor',
          page: 'splash',
        },
        {
          label: 'visitor /publicstore?page=1 (12 games)',
          result: measured.games,
          target: 'visitor',
          page: 'games',
        },
        {
          label: 'customer /store (12 games, logged in)',
          result: measured.store,
          target: 'customer',
          page: 'store',
        },
      );
    } finally {
      await store.stop();
    }

    // Every request queried and rendered, one at a time: what a page costs when it is not kept (at 50
    // connections the catalogue's queries queue for the database until they time out: 503s).
    const uncached = await startServer({ ...env, CATALOGUE_CACHE_TTL_MS: '0' });
    try {
      log('store with the caches off, one connection: /publicstore?page=1');
      rows.push({
        label: 'visitor /publicstore?page=1, caches off, 1 connection (every request queried and rendered)',
        result: await loadPage(`${uncached.url}/publicstore?page=1`, {}, { ...options, connections: 1 }),
        target: 'informative',
      });
    } finally {
      await uncached.stop();
    }

    // The ceilings: each page's compressed HTML from a bare route.
    const ceilingDir = path.join(dataDir, 'ceiling');
    mkdirSync(ceilingDir);
    for (const [name, html] of Object.entries(copies)) {
      writeFileSync(path.join(ceilingDir, `${name}.br`), compressText(html, 'br'));
    }
    const ceiling = await startServer(
      { PATH: process.env.PATH ?? '', CEILING_PAGES_DIR: ceilingDir },
      { entry: path.join(ROOT, 'bench/ceiling-server.ts') },
    );
    try {
      for (const row of rows) {
        if (!row.page) continue;
        log(`ceiling: bare Fastify route with the ${row.page} page`);
        row.ceiling = (await loadPage(`${ceiling.url}/page/${row.page}`, {}, options)).rps;
      }
    } finally {
      await ceiling.stop();
    }

    // The production bundle serving the web app: memory after the page load, and cold start.
    execFileSync(NODE, [path.join(ROOT, 'deploy/build-server.ts')], { cwd: ROOT, stdio: 'ignore' });
    const bundle = path.join(ROOT, 'apps/server/dist/bundle/server.js');
    const production = await startServer(env, { entry: bundle, nodeFlags: NODE_FLAGS });
    let rss = Number.NaN;
    try {
      log('built bundle with the web app: the same load, then RSS');
      await pages(production.url);
      rss = rssMb(production.child.pid);
    } finally {
      await production.stop();
    }
    // The same requests to the same bundle without the web app (each a 404): what serving pages adds.
    const bare = await startServer({ ...env, WEB_DIST_DIR: '' }, { entry: bundle, nodeFlags: NODE_FLAGS });
    let rssBare = Number.NaN;
    try {
      log('built bundle without the web app: the same requests, then RSS');
      await pages(bare.url, { ...options, warmup: 0 });
      rssBare = rssMb(bare.child.pid);
    } finally {
      await bare.stop();
    }
    const coldStarts = async (web: string) => {
      const starts: number[] = [];
      for (let i = 0; i < 5; i++) {
        const server = await startServer(
          { ...env, WEB_DIST_DIR: web },
          { entry: bundle, nodeFlags: NODE_FLAGS },
        );
        starts.push(server.readyAfterMs);
        await server.stop();
      }
      return starts;
    };
    footprint = { rss, rssBare, startsWeb: await coldStarts(DIST), startsBare: await coldStarts('') };
  } finally {
    await dropDatabase(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const lines = rows.map(({ label, result, target, ceiling }) => {
    const ratio = result.rps / (ceiling ?? Number.NaN);
    const verdict =
      target === 'visitor'
        ? `p99 ≤ 50 ms and ≥ 0.3 × ceiling: ${pass(result.p99 <= 50 && ratio >= 0.3)}`
        : target === 'customer'
          ? `p99 ≤ 100 ms: ${pass(result.p99 <= 100)}`
          : 'informative';
    return [
      label,
      fmt(result.rps, 0),
      fmt(result.p50, 1),
      fmt(result.p99, 1),
      `${result.errors}/${result.non2xx}`,
      ceiling === undefined ? '' : fmt(ceiling, 0),
      ceiling === undefined ? '' : `${fmt(ratio, 2)} × ceiling`,
      verdict,
    ];
  });
  const summary = table(
    ['page', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'ceiling req/s', 'ratio', 'target'],
    lines,
  );
  const median = (values: number[]) => percentile(values, 50) / 1000;
  const memory = footprint
    ? table(
        ['measure', 'value', 'target'],
        [
          [
            'RSS after the page load, built bundle serving the web app (PostgreSQL)',
            `${fmt(footprint.rss, 0)} MB`,
            `≤ 200 MB: ${pass(footprint.rss <= 200)}`,
          ],
          [
            'RSS after the same requests, the same bundle without the web app (each answered 404)',
            `${fmt(footprint.rssBare, 0)} MB`,
            'reference',
          ],
          [
            'cold start to /readyz, built bundle with the web app (median of 5)',
            `${fmt(median(footprint.startsWeb), 2)} s`,
            `≤ 3 s: ${pass(median(footprint.startsWeb) <= 3)}`,
          ],
          [
            'cold start to /readyz, the same bundle without the web app (median of 5)',
            `${fmt(median(footprint.startsBare), 2)} s`,
            'reference',
          ],
        ],
      )
    : '';
  process.stdout.write(`\n${summary}\n\n${memory}\n\n`);
  writeFileSync(
    path.join(RESULTS, 'pages.md'),
    `# Shop pages benchmark

Run ${startedAt.toISOString()} on ${machineLine}.

${SHARED_NOTE}

Set-up: the production web build (\`npm run build\`, with its server bundle) served by the store on
PostgreSQL with ${options.games} generated games (\`LOG_LEVEL=warn\`, default caches of 2 s: catalogue
answers and finished pages, decisions 017 and 034); autocannon with ${options.connections} connections,
${options.warmup} s warm-up then ${options.duration} s measured, \`GET\` with a browser's
\`Accept-Encoding\` (brotli) and \`Accept-Language\`. The customer's requests carry one logged-in session
cookie. Each page's ceiling is a bare Fastify route in a child process sending that very page as the store
sent it (brotli-compressed, precomputed), measured the same way. The load generator runs on the same 2
cores.

${summary}

${memory}

The RSS is read from /proc/<pid>/status (VmRSS) of the built bundle (\`npm run build:server\`) started as in
production (\`${NODE_FLAGS.join(' ')}\`) after the same page load; cold start is from spawning it to the
first 200 from \`/readyz\` on the same database. The server bundle of the pages is loaded beside the start,
not before /readyz answers.

Reproduce: \`npm run build && npm run bench -- --only pages\` (\`--duration 3 --warmup 1\` for a quick look).
`,
  );
}
