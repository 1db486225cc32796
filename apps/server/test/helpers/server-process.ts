import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { freePort } from './free-port.ts';
import { testDatabaseUrl } from './test-db.ts';

/** The real server process (src/server.ts), started and killed like a machine would. */
const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of a store process on its own data folder (and database, on PostgreSQL). */
export function processEnv(
  dataDir: string,
  databaseUrl: string,
  logLevel = 'silent',
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: logLevel,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: '',
    WEB_DIST_DIR: '',
    SEED_ON_EMPTY: 'false',
    PAYMENT_PROVIDER: 'local',
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
  };
}

/** Starts the server on a free port with `env`; answers once /readyz says it is ready. */
export async function startServer(
  env: Record<string, string>,
  onOutput?: (text: string) => void,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'ignore'],
  });
  if (onOutput) child.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error('The server did not become ready');
}

/** Kills the server at once (SIGKILL), as a crash would; resolves when it has gone. */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A shopper's session cookie against the running server. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/kl_api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('keyland_session='));
  return cookie?.split(';')[0] ?? '';
}

export async function post(base: string, cookie: string, url: string, body: unknown) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A fresh PostgreSQL database for a run of real servers (on PGlite the data folder is the database). */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) return { url: '', drop: async () => {} };
  const name = `keyland_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
