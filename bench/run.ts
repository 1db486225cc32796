/**
 * `npm run bench`: Keyland's benchmarks side by side. Options: `--only catalogue,checkout,restart,pages,web,footprint,floor`,
 * `--duration S`, `--warmup S`, `--games N` (see `npm run bench -- --help`). Results in bench/results/.
 */
import { mkdirSync } from 'node:fs';
import { benchCatalogue } from './catalogue.ts';
import { machine, postgresAvailable, RESULTS, readOptions } from './lib/common.ts';

const options = readOptions();
mkdirSync(RESULTS, { recursive: true });
process.stdout.write(`Keyland benchmarks on ${machine()}\n`);
const wants = (name: string) => options.only.includes(name);

if (
  (wants('catalogue') || wants('checkout') || wants('restart') || wants('footprint') || wants('pages')) &&
  !(await postgresAvailable())
) {
  process.stderr.write('PostgreSQL is not reachable at 127.0.0.1:5432 (BENCH_PG_URL); it is needed.\n');
  process.exit(1);
}

if (wants('catalogue') || wants('footprint')) {
  const catalogue = await benchCatalogue(options);
  try {
    if (wants('footprint')) {
      const { benchFootprint } = await import('./footprint.ts');
      await benchFootprint(options, catalogue);
    }
  } finally {
    await catalogue.cleanup();
  }
}
if (wants('checkout')) {
  const { benchCheckout } = await import('./checkout.ts');
  await benchCheckout(options);
}
if (wants('restart')) {
  const { benchRollingRestart } = await import('./rolling-restart.ts');
  await benchRollingRestart(options);
}
if (wants('floor')) {
  const { benchFrameworkFloor } = await import('./framework-floor.ts');
  await benchFrameworkFloor();
}
if (wants('pages')) {
  const { benchPages } = await import('./pages.ts');
  await benchPages(options);
}
if (wants('web')) {
  const { benchWeb } = await import('./web.ts');
  await benchWeb(options);
}
