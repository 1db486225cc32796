import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The web build's manifest (Vite `build.manifest`, dist/.vite/manifest.json), read once at start: which
 * chunks each page module of apps/web/src/app/router.tsx needs. The server announces them in the HTML of
 * the shop's pages (`<link rel="modulepreload">`), so the browser fetches the page's code together with
 * the entry instead of after it.
 */

/** Where Vite writes the manifest inside the build folder. Not served to browsers (see app.ts). */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The page modules of the shop's HTML routes, as router.tsx imports them. */
export const ROUTE_MODULES = {
  publicStore: 'src/app/routes/public-store.tsx',
  store: 'src/app/routes/store.tsx',
  product: 'src/app/routes/product.tsx',
  terms: 'src/app/routes/legal/terms.tsx',
  policy: 'src/app/routes/legal/policy.tsx',
  cookies: 'src/app/routes/legal/cookies.tsx',
  legal: 'src/app/routes/legal/legal-notice.tsx',
  contact: 'src/app/routes/legal/contact.tsx',
  notFound: 'src/app/routes/not-found.tsx',
} as const;

export type ShopRoute = keyof typeof ROUTE_MODULES;

export interface WebManifest {
  /**
   * Public URLs of a route's page chunk and every chunk it imports statically, minus those index.html
   * already preloads (the entry's own imports). Empty for an unknown module.
   */
  routeChunks(route: ShopRoute): string[];
  /**
   * Public URLs of a language's shop texts, when the build made them chunks of their own (the web's
   * locale-parts.ts): `first`, what the shell and the catalogue pages show; `shop`, the rest of a
   * shopper's texts, which every other page loads with its code.
   */
  languageChunks(locale: string): { first?: string; shop?: string };
}

const EMPTY: WebManifest = { routeChunks: () => [], languageChunks: () => ({}) };

/** Every chunk key reachable from `key` by static imports, `key` included. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function parseWebManifest(manifest: Manifest): WebManifest {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const preloadedByIndex = new Set<string>();
  for (const entry of entries) staticClosure(manifest, entry, preloadedByIndex);
  const url = (key: string) => `/${manifest[key]?.file ?? ''}`;

  const routes = new Map<ShopRoute, string[]>();
  for (const [route, module] of Object.entries(ROUTE_MODULES) as [ShopRoute, string][]) {
    const chunks = [...staticClosure(manifest, module)].filter((key) => !preloadedByIndex.has(key));
    routes.set(route, chunks.map(url));
  }
  const languages = new Map<string, { first?: string; shop?: string }>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /\/locales\/([\w-]+)\.json\?part=(first|shop)$/.exec(key);
    const [, locale, part] = match ?? [];
    if (locale && (part === 'first' || part === 'shop'))
      languages.set(locale, { ...languages.get(locale), [part]: `/${chunk.file}` });
  }
  return {
    routeChunks: (route) => routes.get(route) ?? [],
    languageChunks: (locale) => languages.get(locale) ?? {},
  };
}

/** Reads the build's manifest; a build without one (or an unreadable one) announces nothing. */
export function loadWebManifest(webDistDir: string): WebManifest {
  const file = path.join(webDistDir, MANIFEST_PATH);
  if (!existsSync(file)) return EMPTY;
  try {
    return parseWebManifest(JSON.parse(readFileSync(file, 'utf8')) as Manifest);
  } catch {
    return EMPTY;
  }
}
