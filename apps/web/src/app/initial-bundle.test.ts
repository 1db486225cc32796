import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules the first page evaluates before it paints: everything main.tsx reaches through static
 * imports (type-only imports and `import()` of lazy chunks excluded). Packages are reported by name.
 */
const webSrc = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const coreSrc = path.resolve(webSrc, '../../../packages/core/src');

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@keyland/core/')
    ? path.join(coreSrc, specifier.slice('@keyland/core/'.length))
    : specifier.startsWith('#src/')
      ? path.join(webSrc, specifier.slice('#src/'.length))
      : path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => existsSync(file) && file.match(/\.tsx?$/));
}

function staticGraph(entry: string, withLazyChunks = false) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    if (withLazyChunks) {
      for (const [, specifier] of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const resolved = specifier ? resolveLocal(file, specifier) : undefined;
        if (resolved) visit(resolved);
      }
    }
    for (const match of source.matchAll(
      /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm,
    )) {
      const [, , typeOnly, specifier] = match;
      if (typeOnly || !specifier) continue;
      if (
        specifier.startsWith('.') ||
        specifier.startsWith('#src/') ||
        specifier.startsWith('@keyland/core/')
      ) {
        const resolved = resolveLocal(file, specifier);
        if (resolved) visit(resolved);
      } else {
        packages.add(
          specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : (specifier.split('/')[0] ?? specifier),
        );
      }
    }
  };
  visit(entry);
  return { files, packages };
}

describe('initial JavaScript', () => {
  const entry = staticGraph(path.join(webSrc, 'main.tsx'));

  it('keeps zod out of the first page (the web app checks input without it)', () => {
    expect(entry.packages).not.toContain('zod');
    // The catalogue's page module and everything it imports statically are loaded before the first paint too.
    const catalogue = staticGraph(path.join(webSrc, 'app/routes/public-store.tsx'));
    expect(catalogue.packages).not.toContain('zod');
  });

  it('keeps zod out of every page, so index.html needs no script switching zod to CSP-safe parsing', () => {
    const all = staticGraph(path.join(webSrc, 'main.tsx'), true);
    expect(all.files.size).toBeGreaterThan(entry.files.size);
    expect(all.packages).not.toContain('zod');
    expect(readFileSync(path.resolve(webSrc, '../index.html'), 'utf8')).not.toContain('<script src=');
  });

  it('finds the packages the shell really uses (the walk itself works)', () => {
    expect(entry.packages).toContain('react-dom');
    expect(entry.packages).toContain('i18next');
  });
});
