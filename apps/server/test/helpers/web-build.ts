import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** The web app's build folder (apps/web/dist). */
export const WEB_DIST = path.join(root, 'apps/web/dist');

/**
 * Builds the web app (`npm run build`: the browser's files and the server's bundle of the shop's pages)
 * when the build is missing or has no server bundle yet; the test suite may run before the
 * end-to-end step that builds it. Call it in a `beforeAll` with a long timeout.
 */
export function ensureWebBuild(): string {
  if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(path.join(WEB_DIST, '.server'))) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  }
  return WEB_DIST;
}
