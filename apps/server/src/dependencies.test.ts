import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's package.json says what its code uses, no more and no less: every package a production file
 * imports is a declared dependency, and every declared dependency is used by the server's code, tests or
 * tools (a dependency nothing imports only costs install time and audit noise).
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(name) ? [full] : [];
  });
}

/** The package an import specifier names (`@scope/name/sub` → `@scope/name`), or null when not a package. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('#') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  return builtinModules.includes(name) ? null : name;
}

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(importPattern)].map((m) => m[1] ?? '').filter(Boolean);

describe('the server’s declared dependencies', () => {
  const sources = filesUnder(path.join(serverDir, 'src'));
  const production = sources.filter((file) => !/\.test\.tsx?$/.test(file));

  it('declares every package a production file imports', () => {
    const undeclared = new Set<string>();
    for (const file of production)
      for (const specifier of importsOf(file)) {
        const name = packageOf(specifier);
        if (name && name !== '@keyland/core' && !(name in manifest.dependencies)) undeclared.add(name);
      }
    expect([...undeclared].sort()).toEqual([]);
  });

  it('uses every declared dependency', () => {
    const everything = [...sources, ...filesUnder(path.join(serverDir, 'test'))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].filter(
      (name) =>
        !name.startsWith('@types/') &&
        !['drizzle-kit'].includes(name) &&
        !everything.includes(`'${name}`) &&
        !everything.includes(`"${name}`),
    );
    expect(unused).toEqual([]);
  });
});
