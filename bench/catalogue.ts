/**
 * Catalogue API benchmark: autocannon at N connections against (a) a bare Fastify route answering the same
 * precomputed JSON (the ceiling), (b) the store's catalog_paginated on PostgreSQL and (c) the same on
 * embedded PGlite, each with 10,000 games. Writes bench/results/catalogue.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BenchOptions,
  type ChildServer,
  dropDatabase,
  fmt,
  freshDatabase,
  type LoadResult,
  machine,
  measureLoad,
  pass,
  RESULTS,
  ROOT,
  rssMb,
  SHARED_NOTE,
  serverEnv,
  startServer,
  table,
} from './lib/common.ts';
import { seedCatalogue } from './lib/seed.ts';

export type { LoadResult };

export const load = (
  url: string,
  body: unknown,
  options: Pick<BenchOptions, 'duration' | 'warmup' | 'connections'>,
): Promise<LoadResult> =>
  measureLoad(
    {
      url: `${url}/api/kl_api/catalog_paginated`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    options,
  );

interface Query {
  label: string;
  body: unknown;
}

async function queriesOf(server: ChildServer): Promise<Query[]> {
  const first = (await (
    await fetch(`${server.url}/api/kl_api/catalog_paginated`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offset: 0, limit: 24 }),
    })
  ).json()) as { title: string; platform: string }[];
  const sample = first[0];
  if (!sample) throw new Error('the benchmark catalogue is empty');
  const word = sample.title.split(/\s+/).find((w) => w.length >= 4) ?? sample.title;
  return [
    { label: 'page 1', body: { offset: 0, limit: 24 } },
    {
      label: `name "${word.toLowerCase()}"`,
      body: { offset: 0, limit: 24, filters: { name: word.toLowerCase() } },
    },
    {
      label: `${sample.platform}, 10–40 €`,
      body: { offset: 0, limit: 24, filters: { platform: sample.platform, priceRange: [10, 40] } },
    },
  ];
}

export interface CatalogueOutcome {
  markdown: string;
  /** RSS of the PostgreSQL store after its load, MB. */
  rssPostgres: number;
  rssPglite: number;
  /** A PGlite data folder with the catalogue and migrations applied (for the cold-start measure). */
  pgliteDataDir: string;
  /** Environment of the PostgreSQL store (the database stays until cleanup) and the queries it ran. */
  pgEnv: Record<string, string>;
  queries: { label: string; body: unknown }[];
  cleanup(): Promise<void>;
}

export async function benchCatalogue(options: BenchOptions): Promise<CatalogueOutcome> {
  const log = (text: string) => process.stdout.write(`[catalogue] ${text}\n`);
  const dbName = 'keyland_bench_catalogue';
  const databaseUrl = await freshDatabase(dbName);
  const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'keyland-bench-pg-'));
  const pgliteDataDir = mkdtempSync(path.join(os.tmpdir(), 'keyland-bench-pglite-'));
  const startedAt = new Date();
  const machineLine = machine();

  log(`seeding ${options.games} games into PostgreSQL and PGlite`);
  let t = performance.now();
  const pgEnv = serverEnv({ DATABASE_URL: databaseUrl, DATA_DIR: pgDataDir });
  const { keys } = await seedCatalogue(pgEnv, options.games);
  log(`PostgreSQL seeded (${keys} keys) in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  const pgliteEnv = serverEnv({ DATA_DIR: pgliteDataDir });
  await seedCatalogue(pgliteEnv, options.games);
  log(`PGlite seeded in ${Math.round(performance.now() - t)} ms`);

  const rows: { target: string; query: string; result: LoadResult }[] = [];
  let rssPostgres = Number.NaN;
  let rssPglite = Number.NaN;

  // (b) PostgreSQL
  const pgServer = await startServer(pgEnv);
  const queries = await queriesOf(pgServer);
  const page1 = await (
    await fetch(`${pgServer.url}/api/kl_api/catalog_paginated`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(queries[0]?.body),
    })
  ).text();
  try {
    for (const query of queries) {
      log(`PostgreSQL: ${query.label}`);
      rows.push({
        target: 'PostgreSQL',
        query: query.label,
        result: await load(pgServer.url, query.body, options),
      });
    }
    rssPostgres = rssMb(pgServer.child.pid);
  } finally {
    await pgServer.stop();
  }

  // (a) ceiling, same JSON as page 1
  const bodyFile = path.join(pgDataDir, 'page1.json');
  writeFileSync(bodyFile, page1);
  const ceiling = await startServer(
    { PATH: process.env.PATH ?? '', CEILING_BODY_FILE: bodyFile },
    { entry: path.join(ROOT, 'bench/ceiling-server.ts') },
  );
  try {
    log('ceiling: bare Fastify route');
    rows.unshift({
      target: 'bare Fastify (ceiling)',
      query: 'page 1 JSON',
      result: await load(ceiling.url, {}, options),
    });
  } finally {
    await ceiling.stop();
  }

  // (c) PGlite
  const pgliteServer = await startServer(pgliteEnv);
  try {
    for (const query of queries) {
      log(`PGlite: ${query.label}`);
      rows.push({
        target: 'PGlite',
        query: query.label,
        result: await load(pgliteServer.url, query.body, options),
      });
    }
    rssPglite = rssMb(pgliteServer.child.pid);
  } finally {
    await pgliteServer.stop();
  }

  const ceilingRps = rows[0]?.result.rps ?? Number.NaN;
  const pgOf = (label: string) => rows.find((r) => r.target === 'PostgreSQL' && r.query === label)?.result;
  const lines = rows.map(({ target, query, result }) => {
    let ratio = '';
    let target_ = '';
    if (target === 'PostgreSQL') {
      const r = result.rps / ceilingRps;
      ratio = `${fmt(r, 2)} × ceiling`;
      target_ = `≥ 0.5 × ceiling and p99 ≤ 25 ms: ${pass(r >= 0.5 && result.p99 <= 25)}`;
    } else if (target === 'PGlite') {
      const pgRps = pgOf(query)?.rps ?? Number.NaN;
      const r = result.rps / pgRps;
      ratio = `${fmt(r, 2)} × PostgreSQL`;
      target_ = `≥ 0.25 × PostgreSQL: ${pass(r >= 0.25)}`;
    } else {
      ratio = '1.00';
      target_ = 'reference';
    }
    return [
      target,
      query,
      fmt(result.rps, 0),
      fmt(result.p50, 1),
      fmt(result.p99, 1),
      `${result.errors}/${result.non2xx}`,
      ratio,
      target_,
    ];
  });
  const summary = table(
    ['server', 'query', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'ratio', 'target'],
    lines,
  );
  process.stdout.write(`\n${summary}\n\n`);

  const markdown = `# Catalogue API benchmark

Run ${startedAt.toISOString()} on ${machineLine}.

${SHARED_NOTE}

Set-up: ${options.games} generated games (${keys} keys) in a fresh PostgreSQL database and in an embedded
PGlite folder; autocannon with ${options.connections} connections, ${options.warmup} s warm-up then
${options.duration} s measured, \`POST /api/kl_api/catalog_paginated\` with a JSON body, limit 24. Every
server is a child process (\`node apps/server/src/server.ts\`, \`LOG_LEVEL=warn\`, default catalogue
cache of 2 s); the load generator runs on the same 2 cores. The ceiling is a bare Fastify route in a
child process answering the store's page-1 JSON, precomputed.

${summary}

RSS after the load: PostgreSQL store ${fmt(rssPostgres, 0)} MB, PGlite store ${fmt(rssPglite, 0)} MB.

Reproduce: \`npm run bench -- --only catalogue\` (\`--duration 3 --warmup 1\` for a quick look).
`;
  writeFileSync(path.join(RESULTS, 'catalogue.md'), markdown);
  return {
    markdown,
    rssPostgres,
    rssPglite,
    pgliteDataDir,
    pgEnv,
    queries,
    async cleanup() {
      await dropDatabase(dbName);
      rmSync(pgDataDir, { recursive: true, force: true });
      rmSync(pgliteDataDir, { recursive: true, force: true });
    },
  };
}
