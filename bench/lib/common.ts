/**
 * Shared helpers of the Keyland benchmarks: options, child server processes, databases, tables.
 * Every server runs as a child process (`node apps/server/src/server.ts`) and all traffic goes to 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../deploy/cluster.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE = process.execPath;
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
export const RESULTS = path.join(ROOT, 'bench/results');
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A fixed key so that keys seeded by the bench can be read by the servers it starts. */
export const BENCH_KEY = 'b'.repeat(64);

export interface BenchOptions {
  only: string[];
  /** Seconds of measured load per run. */
  duration: number;
  /** Seconds of warm-up load before each measured run. */
  warmup: number;
  games: number;
  connections: number;
  /** Concurrent customers of the checkout benchmark. */
  customers: number;
}

export function readOptions(argv = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      games: { type: 'string' },
      connections: { type: 'string' },
      customers: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`Usage: npm run bench -- [options]
  --only catalogue,checkout,restart,pages,web,footprint,floor   run some benchmarks (default: all)
  --duration S    seconds of measured load per run (default 15; env BENCH_DURATION)
  --warmup S      seconds of warm-up before each run (default 5; env BENCH_WARMUP)
  --games N       games in the benchmark catalogue (default 10000; env BENCH_GAMES)
  --connections N HTTP connections of the catalogue load (default 50)
  --customers N   concurrent customers of the checkout benchmark (default 20)
`);
    process.exit(0);
  }
  const num = (value: string | undefined, env: string | undefined, fallback: number) =>
    Number(value ?? env ?? fallback);
  return {
    only: (values.only ?? process.env.BENCH_ONLY ?? 'catalogue,checkout,restart,pages,web,footprint,floor')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    duration: num(values.duration, process.env.BENCH_DURATION, 15),
    warmup: num(values.warmup, process.env.BENCH_WARMUP, 5),
    games: num(values.games, process.env.BENCH_GAMES, 10_000),
    connections: num(values.connections, undefined, 50),
    customers: num(values.customers, undefined, 20),
  };
}

export interface ChildServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyAfterMs: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Base environment of a benchmarked store: quiet logs, no seeding, no web app unless asked. */
export function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'false',
    KEY_ENCRYPTION_KEY: BENCH_KEY,
    LOCAL_PAYMENT_WEBHOOK_SECRET: 'bench-local-webhook-secret-0123456789',
    WEB_DIST_DIR: '',
    ...extra,
  };
}

/** Starts `entry` (the store by default) as a child process and waits until `readyPath` answers 200. */
export async function startServer(
  env: Record<string, string>,
  options: {
    entry?: string;
    readyPath?: string;
    timeoutMs?: number;
    port?: number;
    nodeFlags?: string[];
  } = {},
): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const started = performance.now();
  // BENCH_NODE_FLAGS adds flags to every store process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(NODE, [...extraFlags, ...(options.nodeFlags ?? []), options.entry ?? SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let readyAfterMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${url}${options.readyPath ?? '/readyz'}`);
      if (response.status === 200) {
        readyAfterMs = performance.now() - started;
        break;
      }
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${log}`);
    }
    await sleep(20);
  }
  return {
    url,
    port,
    child,
    readyAfterMs,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by every PostgreSQL process of this machine (its backends and workers). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Drops and creates a PostgreSQL database; answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')} at start, Node ${process.version}`;
}

export const SHARED_NOTE =
  'This machine is shared (the load average above shows how busy it was), so absolute numbers are noisy; compare the ratios, which were measured side by side in the same run.';

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const pass = (ok: boolean) => (ok ? 'met' : 'NOT met');

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** What one autocannon load measured. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** An autocannon load of `request` (warm-up first, unmeasured), at the options' connections and duration. */
export async function measureLoad(
  request: Omit<autocannon.Options, 'connections' | 'duration'>,
  options: Pick<BenchOptions, 'duration' | 'warmup' | 'connections'>,
): Promise<LoadResult> {
  const run = (duration: number) => autocannon({ ...request, connections: options.connections, duration });
  if (options.warmup > 0) await run(options.warmup);
  const result = await run(options.duration);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
