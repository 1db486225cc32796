/**
 * Web benchmark: Lighthouse (mobile preset, default simulated throttling) with the machine's Chromium on
 * /publicstore, /store (logged in) and a /product page of the production build served by the store (the
 * pages rendered by the server, decision 034), each run RUNS times (median), plus the initial JavaScript
 * of the catalogue route in KB gzip. Writes bench/results/web.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createCustomer } from './lib/client.ts';
import {
  type BenchOptions,
  fmt,
  machine,
  pass,
  RESULTS,
  ROOT,
  SHARED_NOTE,
  serverEnv,
  startServer,
  table,
} from './lib/common.ts';

const DIST = path.join(ROOT, 'apps/web/dist');
/** Lighthouse runs per page; the table shows the median of each figure. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

interface PageResult {
  label: string;
  path: string;
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  scripts: string[];
  /** Lighthouse's runtime error code, when the page could not be measured. */
  error?: string | undefined;
  /** Each run's score, LCP (s) and TBT (ms). */
  runs: { score: number; lcp: number; tbt: number }[];
  /** Informative rows carry no target. */
  informative?: boolean;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN) : Number.NaN;
};

/** gzip size (KB) of the built files behind these script URLs. */
function gzipKb(urls: string[]): number {
  let total = 0;
  for (const url of urls) {
    const file = path.join(DIST, new URL(url).pathname);
    if (existsSync(file)) total += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return total / 1024;
}

export async function benchWeb(_options: BenchOptions): Promise<void> {
  const log = (text: string) => process.stdout.write(`[web] ${text}\n`);
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  const startedAt = new Date();
  const machineLine = machine();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyland-bench-web-'));
  // The embedded store with its demo catalogue and accounts, serving the production build.
  const server = await startServer(
    serverEnv({ DATA_DIR: dataDir, SEED_ON_EMPTY: 'true', WEB_DIST_DIR: DIST }),
  );
  const results: PageResult[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const demo = /user\s+(\S+@\S+)\s+\/\s+(\S+)/.exec(server.output());
    if (!demo) throw new Error(`demo account not printed:\n${server.output()}`);
    const customer = createCustomer(server.url);
    const login = await customer.post('/api/kl_api/login', { email: demo[1], password: demo[2] });
    if (login.status !== 200) throw new Error(`demo login failed: ${login.status}`);
    const page = (await customer.post('/api/kl_api/catalog_paginated', { offset: 0, limit: 1 }))
      .body as unknown as {
      title: string;
      providerId: string;
    }[];
    const game = page[0];
    if (!game) throw new Error('no game to open');
    const pages = [
      { label: 'catalogue (visitor)', path: '/publicstore', cookie: undefined, informative: false },
      { label: 'store (logged in)', path: '/store', cookie: customer.cookie, informative: false },
      {
        label: 'product page',
        path: `/product?title=${encodeURIComponent(game.title)}&session=${encodeURIComponent(game.providerId)}`,
        cookie: undefined,
        informative: false,
      },
      {
        label: 'catalogue with its games (visitor, no target)',
        path: '/publicstore?page=1',
        cookie: undefined,
        informative: true,
      },
    ];
    for (const target of pages) {
      const runs: PageResult[] = [];
      for (let round = 1; round <= RUNS; round++) {
        log(`Lighthouse ${target.path} (run ${round} of ${RUNS})`);
        const audit = () =>
          lighthouse(`${server.url}${target.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            ...(target.cookie ? { extraHeaders: { Cookie: `keyland_session=${target.cookie}` } } : {}),
          });
        let run = await audit();
        // A run the browser could not finish (a timeout on the busy machine) is tried once more.
        if (run?.lhr.runtimeError) {
          log(`Lighthouse error on ${target.path}: ${run.lhr.runtimeError.code}; trying again`);
          run = await audit();
        }
        const lhr = run?.lhr;
        if (!lhr) throw new Error('Lighthouse gave no result');
        // BENCH_WEB_REPORTS=<folder> keeps each page's full Lighthouse report, to see what holds LCP back.
        if (process.env.BENCH_WEB_REPORTS) {
          const name = (target.path.split('?')[0] ?? 'page').replace(/\W+/g, '') || 'home';
          writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${name}.json`), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) log(`Lighthouse error on ${target.path}: ${lhr.runtimeError.message}`);
        const requests =
          (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
            ?.items ?? [];
        runs.push({
          label: target.label,
          path: target.path.startsWith('/product') ? '/product' : target.path,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: (lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
          error: lhr.runtimeError?.code,
          runs: [],
          informative: target.informative,
        });
      }
      const first = runs[0];
      if (!first) continue;
      results.push({
        ...first,
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        error: runs.find((r) => r.error)?.error,
        runs: runs.map(({ score, lcp, tbt }) => ({ score, lcp, tbt })),
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const catalogue = results[0];
  const initialKb = catalogue ? gzipKb(catalogue.scripts) : Number.NaN;
  const verdict = (r: PageResult, ok: boolean) => (r.informative ? '' : ` (${pass(ok)})`);
  const rows = results.map((r) => [
    r.error ? `${r.label} (Lighthouse error ${r.error})` : r.label,
    r.path,
    `${r.score}${verdict(r, r.score >= 95)}`,
    `${fmt(r.lcp, 2)} s${verdict(r, r.lcp <= 2)}`,
    `${fmt(r.cls, 3)}${verdict(r, r.cls <= 0.05)}`,
    `${fmt(r.tbt, 0)} ms${verdict(r, r.tbt <= 100)}`,
    `${fmt(gzipKb(r.scripts), 1)} KB`,
    r.runs.map((run) => `${run.score} · ${fmt(run.lcp, 2)} s · ${fmt(run.tbt, 0)} ms`).join(' / '),
  ]);
  const summary = table(
    [
      'page',
      'path',
      'performance (≥ 95)',
      'LCP (≤ 2.0 s)',
      'CLS (≤ 0.05)',
      'TBT (≤ 100 ms)',
      'JS loaded, gzip',
      'each run: performance · LCP · TBT',
    ],
    rows,
  );
  const scripts = (catalogue?.scripts ?? []).map((url) => `- ${new URL(url).pathname}`).join('\n');
  process.stdout.write(`\n${summary}\n\nInitial JS of the catalogue route: ${fmt(initialKb, 1)} KB gzip\n`);
  writeFileSync(
    path.join(RESULTS, 'web.md'),
    `# Web benchmark

Run ${startedAt.toISOString()} on ${machineLine}.

${SHARED_NOTE} Lighthouse's simulated throttling (mobile preset: slow 4G, 4× CPU slowdown) models the
page from the trace, so a busy machine inflates TBT and LCP.

Set-up: the production build (\`npm run build\`, pages rendered by the server: decision 034) served by the
store (embedded PGlite, demo catalogue), Lighthouse ${'13'} with Debian's Chromium (headless), mobile preset
with its default throttling, performance category only, ${RUNS} runs per page: the table shows each figure's
median. "/store" is loaded with the demo customer's session cookie. The bare /publicstore is a first
visit's welcome splash; /publicstore?page=1 shows the games (no target, for the JavaScript it loads).

${summary}

Initial JavaScript of the catalogue route (/publicstore): **${fmt(initialKb, 1)} KB gzip** (target ≤ 150 KB:
${pass(initialKb <= 150)}; the libraries alone are 121.0 KB, bench/results/framework-floor.md), measured as
the gzip -9 size of every script the page loaded:

${scripts}

Reproduce: \`npm run build && npm run bench -- --only web\`.
`,
  );
}
