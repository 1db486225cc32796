import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** The web app's build folder (apps/web/dist). */
export const WEB_DIST = path.join(root, 'apps/web/dist');

/** Held (a folder: made atomically) while one test file builds; the others wait for it. */
const LOCK = path.join(root, 'apps/web/.test-build-lock');

const built = () =>
  !existsSync(LOCK) &&
  existsSync(path.join(WEB_DIST, 'index.html')) &&
  existsSync(path.join(WEB_DIST, '.server'));

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the web app (`npm run build`: the browser's files and the server's bundle of the shop's pages)
 * when the build is missing or has no server bundle yet; the test suite may run before the end-to-end step
 * that builds it. Test files run in parallel: one builds under a lock while the others wait for it (a
 * build empties the folder first, so nobody may read it meanwhile). Call it in a `beforeAll` with a long
 * timeout.
 */
export function ensureWebBuild(): string {
  for (;;) {
    if (built()) return WEB_DIST;
    try {
      mkdirSync(LOCK);
    } catch {
      // Another file is building; a lock left by a killed run is stale after 5 minutes.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 5 * 60_000)
        rmSync(LOCK, { recursive: true });
      pause(200);
      continue;
    }
    try {
      if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(path.join(WEB_DIST, '.server')))
        // Built as `npm run build` builds it from a shell: vitest's NODE_ENV=test would give React's
        // development build to the server bundle.
        execFileSync('npm', ['run', 'build', '--silent'], {
          cwd: root,
          stdio: 'ignore',
          env: { ...process.env, NODE_ENV: 'production' },
        });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
