/**
 * `npm run build:server`: bundles the server (and the browser-safe core package it uses) into plain
 * JavaScript at apps/server/dist/bundle/server.js, so production starts without type stripping, which
 * costs start time and memory. Other packages stay in node_modules. The bundle sits two folders below
 * apps/server, like src/<folder>/, so its relative paths to drizzle/, the locales and the web build hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@keyland/'));

await build({
  entryPoints: [path.join(ROOT, 'apps/server/src/server.ts')],
  outfile: path.join(ROOT, 'apps/server/dist/bundle/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'info',
});
