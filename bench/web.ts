/**
 * Web benchmark: Lighthouse (mobile preset, default simulated throttling) with the machine's Chromium on
 * /publicstore, /store (logged in) and a /product page of the production build served by the store, plus
 * the initial JavaScript of the catalogue route in KB gzip. Writes bench/results/web.md.
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
}

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
      { label: 'catalogue (visitor)', path: '/publicstore', cookie: undefined },
      { label: 'store (logged in)', path: '/store', cookie: customer.cookie },
      {
        label: 'product page',
        path: `/product?title=${encodeURIComponent(game.title)}&session=${encodeURIComponent(game.providerId)}`,
        cookie: undefined,
      },
    ];
    for (const target of pages) {
      log(`Lighthouse ${target.path}`);
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
      results.push({
        label: target.label,
        path: target.path.split('?')[0] ?? target.path,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: (lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
        error: lhr.runtimeError?.code,
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const catalogue = results[0];
  const initialKb = catalogue ? gzipKb(catalogue.scripts) : Number.NaN;
  const rows = results.map((r) => [
    r.error ? `${r.label} (Lighthouse error ${r.error})` : r.label,
    r.path,
    `${r.score} (${pass(r.score >= 95)})`,
    `${fmt(r.lcp, 2)} s (${pass(r.lcp <= 2)})`,
    `${fmt(r.cls, 3)} (${pass(r.cls <= 0.05)})`,
    `${fmt(r.tbt, 0)} ms (${pass(r.tbt <= 100)})`,
    `${fmt(gzipKb(r.scripts), 1)} KB`,
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

Set-up: the production build (\`npm run build\`) served by the store (embedded PGlite, demo catalogue),
Lighthouse ${'13'} with Debian's Chromium (headless), mobile preset with its default throttling, performance
category only. "/store" is loaded with the demo customer's session cookie.

${summary}

Initial JavaScript of the catalogue route (/publicstore): **${fmt(initialKb, 1)} KB gzip** (target ≤ 120 KB:
${pass(initialKb <= 120)}), measured as the gzip -9 size of every script the page loaded:

${scripts}

Reproduce: \`npm run build && npm run bench -- --only web\`.
`,
  );
}
