import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeParts } from './locale-parts.ts';

/** The Keyland server (API, media, health checks) that the dev server and preview forward to. */
const SERVER = 'http://localhost:3000';

/**
 * The Host header is kept as the browser sent it: the server refuses state-changing calls whose Origin
 * is not the host they were sent to, and the browser's Origin is the dev server's.
 */
const proxy = Object.fromEntries(
  ['/api', '/media', '/healthz', '/readyz'].map((prefix) => [
    prefix,
    { target: SERVER, changeOrigin: false },
  ]),
);

/**
 * Writes `.br` and `.gz` twins of the text files of the build; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'keyland-precompress',
    // The browser's files only: the server's bundle is read from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The server's bundle of the shop's pages (src/entry-server.tsx, docs/decisions/034), built after the
 * browser's by `npm run build` (`vite build --ssr`). It sits in a dot-folder of the build, which the
 * server never serves, and holds every package it uses, so the server needs none of the web's packages.
 */
/**
 * The first paint of a page the server rendered needs only its HTML, the stylesheet, its typeface and its
 * largest image (docs/decisions/034): the stylesheet is asked for first, then the Latin typeface, and the code, which only makes the page
 * interactive, at low priority, so it does not hold them back on a slow link. The entry
 * (src/entry-client.tsx) starts the app (src/main.tsx) after the first paint; index.html announces the
 * app's chunks, so they download meanwhile.
 */
function paintFirst(): Plugin {
  return {
    name: 'keyland-paint-first',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.tsx'));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? [])
            visit(imported);
        };
        if (app) visit(app.fileName);
        const preloads = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
        const styles = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        // The shop's typeface in Latin script, asked for with the stylesheet: laid out once in it, not first
        // in the fallback font and again when it arrives (measured: a third of the first layout's time).
        const latinFont = Object.values(bundle ?? {}).find((output) =>
          /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/.test(output.fileName),
        );
        const fontPreload = latinFont
          ? `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="/${latinFont.fileName}">`
          : '';
        let out = html.replace('</head>', `${preloads}\n  </head>`);
        for (const style of styles) out = out.replace(style, '');
        out = out.replace(/(<meta charset="UTF-8" \/>)/, `$1${styles.join('')}${fontPreload}`);
        return out.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
      },
    },
  };
}

export const SERVER_BUNDLE_DIR = 'dist/.server';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress(), localeParts(), paintFirst()],
  server: { proxy },
  preview: { proxy },
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        // React's production build on the server too: the HTML must be what the browser's build renders.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { outDir: SERVER_BUNDLE_DIR, emptyOutDir: true, copyPublicDir: false, minify: true },
      }
    : {
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // The platforms' brand marks are pointed into with <use>, which takes no data: address.
          assetsInlineLimit: (file: string) => (file.endsWith('platform-marks.svg') ? false : undefined),
          // dist/.vite/manifest.json: the server reads it at start to announce each route's chunks in the HTML.
          manifest: true,
          rolldownOptions: {
            // The app (src/main.tsx) is an entry of its own, which src/entry-client.tsx starts after the
            // first paint: its code is shared with the pages' chunks as an entry's is.
            input: {
              index: path.resolve(import.meta.dirname, 'index.html'),
              app: path.resolve(import.meta.dirname, 'src/main.tsx'),
            },
            output: {
              // React and the router change far less often than the store's own code: a chunk of their
              // own stays cached across releases.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                    priority: 2,
                  },
                  // Shared by the entry and the app: a chunk of their own, or the entry would load the app
                  // at once.
                  {
                    name: 'entry-shared',
                    test: /vite[\\/]preload-helper|core[\\/]src[\\/]first-data/,
                    priority: 3,
                  },
                  {
                    name: 'app',
                    tags: ['$initial'],
                    test: (id) =>
                      !id.startsWith('\0') &&
                      /[\\/]src[\\/]|[\\/]node_modules[\\/]|[\\/]packages[\\/]core[\\/]/.test(id) &&
                      !/entry-client|early-events|\.css$/.test(id),
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      }),
}));
