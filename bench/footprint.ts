/**
 * Server footprint: resident memory after the catalogue load, and cold start to /readyz on embedded
 * PGlite with the migrations already applied. Writes bench/results/footprint.md.
 */

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_FLAGS } from '../deploy/cluster.ts';
import { type CatalogueOutcome, load } from './catalogue.ts';
import {
  type BenchOptions,
  fmt,
  machine,
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

export async function benchFootprint(options: BenchOptions, catalogue: CatalogueOutcome): Promise<void> {
  const log = (text: string) => process.stdout.write(`[footprint] ${text}\n`);
  const startedAt = new Date();
  const machineLine = machine();
  // The production bundle (npm run build:server): plain JavaScript, no type stripping at start.
  execFileSync(NODE, [path.join(ROOT, 'deploy/build-server.ts')], { cwd: ROOT, stdio: 'ignore' });
  const bundle = path.join(ROOT, 'apps/server/dist/bundle/server.js');

  // The catalogue run left a PGlite folder with the migrations applied and the games loaded.
  const coldStarts = async (entry: string | undefined) => {
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const server = await startServer(
        serverEnv({ DATA_DIR: catalogue.pgliteDataDir }),
        entry ? { entry, nodeFlags: NODE_FLAGS } : {},
      );
      starts.push(server.readyAfterMs);
      await server.stop();
    }
    log(`cold starts ${entry ? 'bundle' : 'source'}: ${starts.map((t) => Math.round(t)).join(', ')} ms`);
    return starts;
  };
  const startsSource = await coldStarts(undefined);
  const startsBundle = await coldStarts(bundle);
  const median = percentile(startsSource, 50);
  const medianBundle = percentile(startsBundle, 50);

  // The same catalogue load on PostgreSQL against the bundle.
  const server = await startServer(catalogue.pgEnv, { entry: bundle, nodeFlags: NODE_FLAGS });
  let rssBundle = Number.NaN;
  try {
    for (const query of catalogue.queries) await load(server.url, query.body, options);
    rssBundle = rssMb(server.child.pid);
  } finally {
    await server.stop();
  }
  const span = (starts: number[]) =>
    `${fmt(percentile(starts, 50) / 1000, 2)} s (min ${fmt(Math.min(...starts) / 1000, 2)}, max ${fmt(Math.max(...starts) / 1000, 2)})`;
  const summary = table(
    ['measure', 'value', 'target'],
    [
      [
        'RSS after the catalogue load, PostgreSQL store (source, type stripping)',
        `${fmt(catalogue.rssPostgres, 0)} MB`,
        `≤ 200 MB: ${pass(catalogue.rssPostgres <= 200)}`,
      ],
      [
        `RSS after the same load, PostgreSQL store (built bundle, ${NODE_FLAGS.join(' ')})`,
        `${fmt(rssBundle, 0)} MB`,
        `≤ 200 MB: ${pass(rssBundle <= 200)}`,
      ],
      [
        'RSS after the catalogue load, PGlite store',
        `${fmt(catalogue.rssPglite, 0)} MB`,
        'informative (the database runs in-process)',
      ],
      [
        'cold start to /readyz on PGlite, source (median of 5)',
        span(startsSource),
        `≤ 3 s: ${pass(median <= 3_000)}`,
      ],
      [
        'cold start to /readyz on PGlite, built bundle with the same flags (median of 5)',
        span(startsBundle),
        `≤ 3 s: ${pass(medianBundle <= 3_000)}`,
      ],
    ],
  );
  process.stdout.write(`\n${summary}\n\n`);
  writeFileSync(
    path.join(RESULTS, 'footprint.md'),
    `# Server footprint

Run ${startedAt.toISOString()} on ${machineLine}.

${SHARED_NOTE}

RSS is read from /proc/<pid>/status (VmRSS) of the store process right after the catalogue benchmark
(${options.connections} connections, ${options.duration} s per query, ${options.games} games), and of a
second store started from the built bundle (\`npm run build:server\` → \`apps/server/dist/bundle/server.js\`,
plain JavaScript) started like production instances (\`npm run cluster\`, Dockerfile) with the V8 memory
flags \`${NODE_FLAGS.join(' ')}\`, after the same load. Cold start is the time from spawning the process (source:
\`node apps/server/src/server.ts\` with type stripping; bundle: \`node apps/server/dist/bundle/server.js\`) to
the first 200 from \`/readyz\`, on an embedded PGlite folder whose migrations
were already applied, holding the ${options.games}-game catalogue. The PGlite store's RSS includes the
database itself (WebAssembly PostgreSQL with its buffers), so the 200 MB target applies to the PostgreSQL
store.

${summary}

Reproduce: \`npm run bench -- --only footprint\` (runs the catalogue benchmark first).
`,
  );
}
