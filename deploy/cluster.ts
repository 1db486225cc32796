/**
 * `npm run cluster`: N Keyland instances on one PostgreSQL database behind nginx, on this machine.
 *
 *   npm run cluster -- [--instances 2] [--port 8080] [--database-url postgres://…] [--redis-url redis://…]
 *
 * nginx comes from Debian's packages (installed with apt-get when missing). Its configuration is generated
 * from deploy/nginx/keyland.conf.template into a temporary folder, and it runs in the foreground as a child
 * process with its own pid and log files. Send SIGHUP to this script for a rolling restart (each instance
 * in turn is handed over to a new process on the same port, see `rollingRestart`), SIGINT or SIGTERM to
 * stop everything.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const TEMPLATE = path.join(ROOT, 'deploy/nginx/keyland.conf.template');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');

/**
 * V8 memory settings of a store instance (also in the Dockerfile): a small young generation and a capped
 * old generation keep an instance near 150 MB resident under load instead of 300–400 MB, at about the
 * same throughput (bench/results/footprint.md).
 */
export const NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=192'];

export interface ClusterOptions {
  instances: number;
  /** Port of the balancer; 0 picks a free one. */
  port: number;
  databaseUrl: string;
  /** Sessions and rate-limit counters in this Redis (REDIS_URL) instead of PostgreSQL; unset by default. */
  redisUrl?: string;
  /** Folder shared by the instances (outbox, secrets); a temporary one by default. */
  dataDir?: string;
  /** Extra environment of every instance. */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Install nginx with apt-get when it is missing (default true). */
  install?: boolean;
}

export interface Instance {
  name: string;
  port: number;
  /** The running process, or undefined while stopped. */
  readonly child: ChildProcess | undefined;
  start(): Promise<void>;
  /**
   * Hands the port over to a new process: it starts listening beside the running one (SO_REUSEPORT), and
   * once it listens the old one gets SIGTERM, stops listening, finishes its requests and exits.
   */
  replace(): Promise<void>;
  /** SIGTERM and wait for the exit; answers the exit code. */
  stop(): Promise<number | null>;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  /** nginx's folder: generated nginx.conf, pid, access.log and error.log (removed by stop()). */
  nginxDir: string;
  /** Each instance in turn is replaced by a new process on its port (`Instance.replace`). */
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The nginx binary, installing Debian's package when it is missing and `install` allows it. */
export function findNginx(install: boolean, log: (line: string) => void): string | undefined {
  const candidates = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];
  const found = () => candidates.find((p) => existsSync(p));
  if (found()) return found();
  if (!install) return undefined;
  log('nginx is missing: installing it with apt-get (Debian package "nginx")');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...asRoot, ...args];
    execFileSync(command ?? 'apt-get', rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  try {
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'nginx']);
  } catch {
    run(['apt-get', 'update']);
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'nginx']);
  }
  return found();
}

const MIGRATE_REQ = '/proc/sys/net/ipv4/tcp_migrate_req';

/**
 * Linux keeps the connections queued at a listening socket that closes unless net.ipv4.tcp_migrate_req
 * is 1 (kernel 5.14+): then they move to another socket listening on the same port (SO_REUSEPORT). A
 * rolling restart relies on it: without it a connection queued at the old process in the instant it
 * stops listening is reset. Sets it when allowed (root), else says so; answers whether it is on.
 */
export function ensureConnectionHandoff(log: (line: string) => void): boolean {
  if (!existsSync(MIGRATE_REQ)) {
    log('this kernel cannot move queued connections between processes: a restart may reset a few');
    return false;
  }
  if (readFileSync(MIGRATE_REQ, 'utf8').trim() === '1') return true;
  try {
    writeFileSync(MIGRATE_REQ, '1');
    return true;
  } catch {
    log(`${MIGRATE_REQ} is 0 and cannot be set here (not root): a restart may reset a few connections`);
    return false;
  }
}

/** Fills `${NAME}` placeholders of the shared template (nginx's own `$variables` are left alone). */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * One `server` line per instance. `max_fails=0`: an instance is never marked unavailable, so a refused
 * connection simply moves the request to the next instance (marking could leave no live instance while
 * two restart in quick succession). The list never changes: a restart hands an instance's port over to
 * its new process instead of taking it out of the rotation (a reload of nginx closes idle connections of
 * its clients, and a client that sends on one at that moment sees an error).
 */
export function upstreamServers(upstreams: { host: string; port: number }[]): string {
  return upstreams.map(({ host, port }) => `server ${host}:${port} max_fails=0;`).join('\n    ');
}

/** A whole nginx.conf for a foreground nginx with its pid, logs and temporary files under `prefix`. */
export function nginxConfig(prefix: string, listenPort: number, upstreams: { port: number }[]): string {
  const site = renderTemplate(readFileSync(TEMPLATE, 'utf8'), {
    KEYLAND_LISTEN_PORT: `127.0.0.1:${listenPort}`,
    KEYLAND_UPSTREAM_SERVERS: upstreamServers(upstreams.map((u) => ({ host: '127.0.0.1', ...u }))),
  });
  return `# Generated by deploy/cluster.ts from deploy/nginx/keyland.conf.template.
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${prefix}/access.log;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include /etc/nginx/mime.types;
${site}
}
`;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Loads or creates the secrets every instance must share (key encryption, local payment events). */
function sharedSecrets(dataDir: string): Record<string, string> {
  const file = path.join(dataDir, 'cluster-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const secrets = {
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const nginx = findNginx(options.install ?? true, log);
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  ensureConnectionHandoff(log);
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'keyland-nginx-'));
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'keyland-cluster-'));
  mkdirSync(dataDir, { recursive: true });
  const balancerPort = options.port || (await freePort());
  const url = `http://127.0.0.1:${balancerPort}`;
  const secrets = { ...sharedSecrets(dataDir), ...options.env };
  const ports: number[] = [];
  for (let i = 0; i < options.instances; i++) ports.push(await freePort());

  const instances: Instance[] = ports.map((port, index) => {
    let child: ChildProcess | undefined;
    let output = '';
    const name = `store-${index + 1}`;
    /** Starts a process on the instance's port; resolves once it listens (it says so on stdout). */
    const spawnOne = async (): Promise<ChildProcess> => {
      output = '';
      const proc = spawn(process.execPath, [...NODE_FLAGS, SERVER_ENTRY], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          REUSE_PORT: 'true',
          PUBLIC_URL: url,
          DATABASE_URL: options.databaseUrl,
          ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
          DATA_DIR: dataDir,
          SEED_ON_EMPTY: index === 0 ? 'true' : 'false',
          LOG_LEVEL: 'warn',
          ...secrets,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const listening = new Promise<void>((resolve, reject) => {
        const collect = (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-20_000);
          for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
          if (output.includes('Keyland is running at')) resolve();
        };
        proc.stdout?.on('data', collect);
        proc.stderr?.on('data', collect);
        proc.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      const timeout = setTimeout(() => proc.kill('SIGKILL'), 60_000);
      try {
        await listening;
      } finally {
        clearTimeout(timeout);
      }
      return proc;
    };
    const terminate = async (proc: ChildProcess): Promise<number | null> => {
      const exited =
        proc.exitCode !== null
          ? Promise.resolve(proc.exitCode)
          : new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      if (proc.exitCode === null) proc.kill('SIGTERM');
      const force = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    };
    return {
      name,
      port,
      get child() {
        return child;
      },
      async start() {
        child = await spawnOne();
        await waitReady(`http://127.0.0.1:${port}`, child, 60_000, () => output);
      },
      async replace() {
        const previous = child;
        child = await spawnOne();
        if (previous) await terminate(previous);
      },
      async stop() {
        const proc = child;
        if (!proc) return null;
        child = undefined;
        return terminate(proc);
      },
    };
  });

  let nginxChild: ChildProcess | undefined;
  const confFile = path.join(prefix, 'nginx.conf');
  /** Writes (and checks) nginx.conf. */
  const writeConfig = () => {
    const upstreams = instances.map((instance) => ({ port: instance.port }));
    writeFileSync(confFile, nginxConfig(prefix, balancerPort, upstreams));
    execFileSync(nginx, ['-t', '-q', '-p', prefix, '-c', confFile], { stdio: 'pipe' });
  };
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    if (nginxChild && nginxChild.exitCode === null) {
      const proc = nginxChild;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGQUIT');
      const force = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(prefix, { recursive: true, force: true });
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // One at a time: the first applies the migrations (and seeds an empty database), the others find them done.
    for (const instance of instances) {
      await instance.start();
      log(`${instance.name} ready on 127.0.0.1:${instance.port}`);
    }
    writeConfig();
    nginxChild = spawn(nginx, ['-p', prefix, '-c', confFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginxChild.stderr?.on('data', (chunk: Buffer) => log(`[nginx] ${chunk.toString().trim()}`));
    await waitReady(url, nginxChild, 10_000, () => readFileSync(path.join(prefix, 'error.log'), 'utf8'));
  } catch (error) {
    await stopAll();
    throw error;
  }
  log(
    `Keyland cluster: ${url} → ${instances.map((i) => `127.0.0.1:${i.port}`).join(', ')} (nginx in ${prefix})`,
  );

  return {
    url,
    instances,
    nginxDir: prefix,
    async rollingRestart() {
      for (const instance of instances) {
        // The new process listens on the port beside the old one before the old one stops listening:
        // nginx's connections always find a listener, and those queued at the old one when it closes
        // move to the new one (net.ipv4.tcp_migrate_req); the old one finishes its requests and exits.
        log(`rolling restart: handing ${instance.name} over to a new process`);
        await instance.replace();
        log(`rolling restart: ${instance.name} is back`);
      }
    },
    stop: stopAll,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: process.env.CLUSTER_INSTANCES ?? '2' },
      port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
      'database-url': {
        type: 'string',
        default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/keyland_cluster',
      },
      'redis-url': { type: 'string', default: process.env.REDIS_URL ?? '' },
      'data-dir': {
        type: 'string',
        default: process.env.CLUSTER_DATA_DIR ?? path.join(ROOT, 'data/cluster'),
      },
    },
  });
  const databaseUrl = values['database-url'];
  await ensureDatabase(databaseUrl);
  const cluster = await startCluster({
    instances: Number(values.instances),
    port: Number(values.port),
    databaseUrl,
    redisUrl: values['redis-url'] || undefined,
    dataDir: path.resolve(values['data-dir']),
  });
  process.stdout.write(
    `\nKeyland is running at ${cluster.url} (${cluster.instances.length} instances behind nginx).\nSIGHUP (kill -HUP ${process.pid}) restarts them one by one; Ctrl+C stops everything.\n\n`,
  );
  let busy = false;
  process.on('SIGHUP', () => {
    if (busy) return;
    busy = true;
    cluster
      .rollingRestart()
      .catch((error: unknown) => process.stderr.write(`rolling restart failed: ${String(error)}\n`))
      .finally(() => {
        busy = false;
      });
  });
  const shutdown = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Creates the PostgreSQL database of the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `The cluster could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
