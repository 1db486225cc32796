import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundle } from '../../src/lib/bundle-scan.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const dist = path.join(root, 'apps/web/dist');

describe('the built web app', () => {
  beforeAll(() => {
    // The test suite may run before the end-to-end step that builds the web app: build it if missing.
    if (!existsSync(path.join(dist, 'index.html')))
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  }, 180_000);

  it('holds no secret, back-office address or server-only setting name', () => {
    expect(existsSync(path.join(dist, 'index.html'))).toBe(true);
    expect(scanBundle(dist)).toEqual([]);
  });
});
